/**
 * The Babel config dependency-cruiser reads the code through (scripts/layers/imports-only.cjs):
 * every module a file names comes out, type-only ones and `import()` included, so a layer rule
 * sees every arrow a reader follows.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const babel = require('@babel/core') as {
  transformSync: (code: string, opts: object) => { code: string };
};
const config = require('../../../scripts/layers/imports-only.cjs') as object;

const specifiers = (code: string, filename: string) =>
  [...babel.transformSync(code, { ...config, filename }).code.matchAll(/import "([^"]+)"/g)].map((m) => m[1]);

describe('imports-only', () => {
  it('keeps every specifier of a TypeScript file, type-only ones too', () => {
    const code = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      "import { type C, d } from './c';",
      "export { e } from './e';",
      "export * from './f';",
      "export type { G } from './g';",
      "const h: import('./h').H = null as never;",
      "const i = await import('./i');",
      'export const x = a + d + (i as number) + (h as number);',
    ].join('\n');
    expect(specifiers(code, 'lib/x.ts')).toEqual(['./a', '../b', './c', './e', './f', './g', './h', './i']);
  });

  it('reads TSX', () => {
    const code = 'import { Row } from \'./row\';\nexport const List = () => <ul class="l"><Row /></ul>;';
    expect(specifiers(code, 'components/list.tsx')).toEqual(['./row']);
  });
});
