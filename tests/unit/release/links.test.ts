import { describe, expect, it } from 'vitest';
import { anchorsOf, isExternal, linksOf, namedPathsOf } from '../../../scripts/lib/links';

describe('Markdown link check', () => {
  it('finds links outside code, with their lines', () => {
    const md =
      'See [a](docs/a.md#part).\n\n`[not](x.md)`\n\n```md\n[nor](y.md)\n```\n<a href="store/b.md">b</a> [web](https://x.org)';
    expect(linksOf(md)).toEqual([
      { line: 1, target: 'docs/a.md#part' },
      { line: 8, target: 'store/b.md' },
      { line: 8, target: 'https://x.org' },
    ]);
    expect(isExternal('https://x.org')).toBe(true);
    expect(isExternal('docs/a.md')).toBe(false);
  });

  it("makes GitHub's heading ids", () => {
    const md =
      '# claude-mem\n## Fully local: Ollama or llama.cpp\n## `npm test` and **more**\n## Notes\n## Notes\n## 隐私政策（中文）\n```\n# not a heading\n```';
    expect([...anchorsOf(md)]).toEqual([
      'claude-mem',
      'fully-local-ollama-or-llamacpp',
      'npm-test-and-more',
      'notes',
      'notes-1',
      '隐私政策中文',
    ]);
  });

  it('finds repository paths named in code spans, not in fenced blocks', () => {
    const md = 'Held by `tests/unit/a.test.ts` and `lib/x.ts`; not `npm test`.\n```\n`tests/b.test.ts`\n```';
    expect(namedPathsOf(md).map((p) => p.target)).toEqual(['tests/unit/a.test.ts', 'lib/x.ts']);
  });
});
