/**
 * The English tokenizer (lib/text/english.ts, its word lists and the wink Porter2 stemmer)
 * runs in the background and Node only: the content script stays small and free of NLP. This
 * walks the static imports of everything the content script and side panel bundle and fails
 * if any path reaches a wink package (the stemmer, directly or through english.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');
const IMPORT_RE = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolveLocal(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec.replace(/\?raw$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function reachesWink(entry: string, seen = new Set<string>()): string | null {
  if (seen.has(entry)) return null;
  seen.add(entry);
  if (!/\.tsx?$/.test(entry)) return null;
  for (const match of readFileSync(entry, 'utf8').matchAll(IMPORT_RE)) {
    const spec = match[1] as string;
    if (spec.startsWith('wink-')) return relative(ROOT, entry);
    if (!spec.startsWith('.')) continue;
    const next = resolveLocal(entry, spec);
    const hit = next ? reachesWink(next, seen) : null;
    if (hit) return `${relative(ROOT, entry)} → ${hit}`;
  }
  return null;
}

function files(dir: string, keep: (name: string) => boolean): string[] {
  const abs = join(ROOT, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { recursive: true, encoding: 'utf8' })
    .filter(keep)
    .map((f) => join(abs, f));
}

describe('bundle rule: no tokenizer outside the background', () => {
  const light = [
    ...[
      'lib/ranking/render.ts',
      'lib/ranking/block.ts',
      'lib/ranking/intent.ts',
      'lib/ranking/feedback.ts',
      'lib/protocol/chat-page.ts',
      'lib/protocol/extension-page.ts',
    ].map((f) => join(ROOT, f)),
    ...files('entrypoints', (f) => /\.content\.tsx?$/.test(f)),
    ...files('entrypoints/sidepanel', (f) => /\.tsx?$/.test(f)),
    ...files('lib/adapters', (f) => /\.ts$/.test(f)),
    ...files('lib/content', (f) => /\.ts$/.test(f)),
  ];

  it.each(light.map((f) => [relative(ROOT, f), f]))('%s stays free of the tokenizer', (_name, file) => {
    expect(reachesWink(file)).toBeNull();
  });

  it('would notice a path that does reach it', () => {
    expect(reachesWink(join(ROOT, 'lib/ranking/retrieve.ts'))).toMatch(/english\.ts/);
  });
});
