/**
 * Comments and the documents cite only what a reader of the repository can open: the design
 * rules are in DESIGN.md (numbered sections), not in documents outside it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');
const SOURCE = /\.(?:ts|tsx|md)$/;

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files(path, out);
    else if (SOURCE.test(name)) out.push(path);
  }
  return out;
}

const sources = () => [
  ...['lib', 'entrypoints', 'components', 'tests', 'bench', 'docs'].flatMap((d) => files(join(ROOT, d))),
  join(ROOT, 'README.md'),
  join(ROOT, 'CONTRIBUTING.md'),
];

describe('citations', () => {
  it('no source cites a spec or style guide outside the repository', () => {
    const outside = /\bSPEC(?:\.md)?\s*§|\bSTYLE\.md\b/;
    const found = sources().filter((f) => f !== __filename && outside.test(readFileSync(f, 'utf8')));
    expect(found.map((f) => relative(ROOT, f))).toEqual([]);
  });

  it('every DESIGN.md section cited exists', () => {
    const design = readFileSync(join(ROOT, 'DESIGN.md'), 'utf8');
    const sections = new Set([...design.matchAll(/§(\d+(?:\.\d+)?)/g)].map((m) => m[1]));
    for (const m of design.matchAll(/^## (\d+)\./gm)) sections.add(m[1]);
    const missing: string[] = [];
    for (const file of sources()) {
      for (const m of readFileSync(file, 'utf8').matchAll(/DESIGN\.md §(\d+(?:\.\d+)?)/g)) {
        if (!sections.has(m[1] as string)) missing.push(`${relative(ROOT, file)}: §${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
