/**
 * The layer order is written twice, for the check (`LAYERS` in .dependency-cruiser.mjs) and for
 * the reader (the table in docs/architecture.md): the two name the same folders in the same
 * order, and every product folder on disk has its place.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');

interface Layer {
  name: string;
  folders: string[];
}

async function layers(): Promise<Layer[]> {
  const config = await import(pathToFileURL(join(ROOT, '.dependency-cruiser.mjs')).href);
  return config.LAYERS as Layer[];
}

/** The folders of each row of the table in docs/architecture.md, in order. */
function documented(): string[][] {
  const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const rows = doc.split('\n').filter((line) => /^\|\s*\d+ /.test(line));
  return rows.map((row) => [...(row.split('|')[2] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] as string));
}

const dirs = (dir: string) =>
  readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => `${dir}/${d.name}`);

describe('the layers', () => {
  it('docs/architecture.md lists the same folders, in the same order, as the check', async () => {
    expect(documented()).toEqual((await layers()).map((layer) => layer.folders));
  });

  it('every product folder has a place in the order', async () => {
    const placed = new Set((await layers()).flatMap((layer) => layer.folders));
    const onDisk = [
      'lib',
      ...dirs('lib'),
      ...dirs('entrypoints'),
      'components',
      'bridge',
      'bench',
      'scripts',
      'build',
    ].filter((d) => existsSync(join(ROOT, d)));
    expect(onDisk.filter((d) => !placed.has(d))).toEqual([]);
  });
});
