/**
 * No import cycles, type-only imports included: a cycle means two modules each need the
 * other, so neither can be read, tested or moved alone. dpdm walks the TypeScript imports.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');

async function cycles(patterns: string[], cwd: string): Promise<string[][]> {
  const tree = await parseDependencyTree(patterns, {
    cwd,
    context: cwd,
    transform: false,
    skipDynamicImports: false,
    exclude: /node_modules/,
  });
  return parseCircular(tree);
}

describe('import graph', () => {
  // Parsing ~350 files takes a few seconds alone, much longer on a busy machine.
  it('has no cycle in the extension, its tests or the benchmarks', { timeout: 60_000 }, async () => {
    const found = await cycles(
      ['entrypoints/**/*.{ts,tsx}', 'lib/**/*.ts', 'components/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}', 'bench/**/*.ts'],
      ROOT,
    );
    expect(found.map((c) => c.join(' → '))).toEqual([]);
  });

  it('would notice a cycle made only of type imports', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycle-'));
    writeFileSync(join(dir, 'a.ts'), "import type { B } from './b';\nexport interface A { b: B }\n");
    writeFileSync(join(dir, 'b.ts'), "import type { A } from './a';\nexport interface B { a?: A }\n");
    expect(await cycles(['*.ts'], dir)).toHaveLength(1);
  });
});
