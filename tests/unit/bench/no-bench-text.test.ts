/**
 * The benchmark files measure the ranker; none of their text may leak into the product, its
 * comments or its tests, or the figures stop meaning anything. This scans every source file of
 * lib/, tests/ and bench/ for word n-grams of the dev files' queries and memories: three
 * consecutive English content words, or four consecutive Chinese/Japanese characters. N-grams
 * that occur in two or more of the files' cases are formulaic ("用户希望", "User likes to") and
 * say nothing about one case, so they are allowed. A single four-character run is often an
 * everyday word or phrase; a copy shows as two or more of them from the same dev text in one
 * file (a five-character run already holds two), so that is what fails. The subject every
 * Chinese memory starts with (用户, "the user") is a writing convention, not content: it splits
 * a run like punctuation does.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGLISH_STOP_WORDS } from '../../../bench/lib/baselines';

const ROOT = resolve(__dirname, '../../..');
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々]+/gu;
const SUBJECT = /用户/g;
const WORD = /[a-z0-9]+(?:'[a-z]+)?/g;
const SOURCE = /\.(?:ts|tsx|mts|mjs|js|json|md|html|css)$/;

/** `../shared/bench` of the repository root; a worktree one level further down finds it too. */
function benchDir(): string | null {
  for (const up of ['..', '../..']) {
    const dir = resolve(ROOT, up, 'shared', 'bench');
    if (existsSync(dir)) return dir;
  }
  return null;
}

function ngrams(text: string): Set<string> {
  const out = new Set<string>();
  const lower = text.normalize('NFKC').toLowerCase().replace(SUBJECT, ' ');
  for (const run of lower.match(CJK_RUN) ?? []) {
    const chars = [...run];
    for (let i = 0; i + 4 <= chars.length; i++) out.add(chars.slice(i, i + 4).join(''));
  }
  for (const part of lower.split(CJK_RUN)) {
    const words = part.match(WORD) ?? [];
    for (let i = 0; i + 3 <= words.length; i++) {
      const gram = words.slice(i, i + 3);
      if (gram.every((w) => !ENGLISH_STOP_WORDS.has(w))) out.add(gram.join(' '));
    }
  }
  return out;
}

interface BenchDoc {
  cases: { id: string; memories: { content: string }[]; queries: { text: string }[] }[];
}

interface BenchNgrams {
  /** N-gram → how many cases (across all files) use it. */
  cases: Map<string, number>;
  /** CJK n-gram → the dev texts it occurs in. */
  texts: Map<string, number[]>;
}

const isCjkGram = (g: string) => !g.includes(' ');

function benchNgrams(dir: string): BenchNgrams {
  const cases = new Map<string, Set<string>>();
  const texts = new Map<string, number[]>();
  let textNo = 0;
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const doc = JSON.parse(readFileSync(join(dir, name), 'utf8')) as BenchDoc;
    for (const c of doc.cases) {
      const all = [...c.memories.map((m) => m.content), ...c.queries.map((q) => q.text)];
      for (const text of all) {
        textNo++;
        for (const g of ngrams(text)) {
          const seen = cases.get(g) ?? new Set<string>();
          seen.add(`${name}/${c.id}`);
          cases.set(g, seen);
          if (isCjkGram(g)) texts.set(g, [...(texts.get(g) ?? []), textNo]);
        }
      }
    }
  }
  return { cases: new Map([...cases].map(([g, s]) => [g, s.size])), texts };
}

/** The case-specific n-grams of a file that count as a copy (see the header). */
function copied(found: readonly string[], bench: BenchNgrams): string[] {
  const specific = found.filter((g) => bench.cases.get(g) === 1);
  const perText = new Map<number, number>();
  for (const g of specific.filter(isCjkGram)) {
    for (const t of new Set(bench.texts.get(g))) perText.set(t, (perText.get(t) ?? 0) + 1);
  }
  return specific.filter((g) => !isCjkGram(g) || (bench.texts.get(g) ?? []).some((t) => (perText.get(t) ?? 0) >= 2));
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (SOURCE.test(name)) out.push(path);
  }
  return out;
}

describe('benchmark text stays out of the sources', () => {
  it('the n-gram rule sees a copied sentence and ignores formulaic phrases', () => {
    const grams = ngrams('用户搬到了成都高新区; Alice adopted three rescue greyhounds');
    expect(grams).toContain('成都高新');
    expect(grams).toContain('three rescue greyhounds');
    expect(ngrams('one of the best')).toEqual(new Set());
  });

  // CI (any CI environment sets CI=true; .ci/run runs with it) always has the data beside the
  // clone and must run this; a checkout without it skips, saying why in the test's name.
  const dir = benchDir();
  const inCi = !['', '0', 'false'].includes((process.env.CI ?? '').toLowerCase());
  const name = 'no source file of lib/, tests/ or bench/ quotes a dev query or memory';
  const skip = dir === null && !inCi;
  (skip ? it.skip : it)(skip ? `${name} (skipped: no benchmark data at ../shared/bench; CI runs it)` : name, () => {
    if (dir === null)
      throw new Error(`benchmark data not found at ${resolve(ROOT, '../shared/bench')} (CI must have it)`);
    const bench = benchNgrams(dir);
    const leaks: string[] = [];
    for (const top of ['lib', 'tests', 'bench']) {
      for (const file of sourceFiles(join(ROOT, top))) {
        const found = copied([...ngrams(readFileSync(file, 'utf8'))], bench);
        if (found.length > 0) leaks.push(`${relative(ROOT, file)}: ${found.slice(0, 8).join(' | ')}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});
