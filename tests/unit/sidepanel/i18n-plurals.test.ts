/**
 * Every count the panel writes reads right for one and for many: each English text is rendered
 * with every value at 1 and at 3, and none says "1 memories", "3 memory" or "(s)". Counts go
 * through Intl.PluralRules (lib/i18n/dictionary.ts).
 */
import { describe, expect, it } from 'vitest';
import { STRING_MODULES, type StringKey, translate } from '../../../lib/i18n/dictionary';

const entries = STRING_MODULES.flatMap((mod) => Object.entries(mod)) as [StringKey, readonly [string, string]][];
const names = (s: string) => [...new Set([...s.matchAll(/\{(\w+)(?::[^{}]*)?\}/g)].map((m) => m[1] as string))];

/** Nouns the panel counts, singular → plural. */
const NOUNS: Record<string, string> = {
  memory: 'memories',
  chat: 'chats',
  turn: 'turns',
  time: 'times',
  version: 'versions',
  'older version': 'older versions',
  entry: 'entries',
  token: 'tokens',
  call: 'calls',
  change: 'changes',
  day: 'days',
  item: 'items',
  use: 'uses',
  part: 'parts',
  guess: 'guesses',
  character: 'characters',
  suggestion: 'suggestions',
  site: 'sites',
  message: 'messages',
  job: 'jobs',
  pair: 'pairs',
  group: 'groups',
  duplicate: 'duplicates',
  document: 'documents',
  batch: 'batches',
  minute: 'minutes',
  hour: 'hours',
  request: 'requests',
  keyword: 'keywords',
  backup: 'backups',
  file: 'files',
  proposal: 'proposals',
};

const ADJECTIVES = '(?:new|updated|current|older|old|replaced|input|output|daily|model)';

function wrongForms(text: string, n: number): string[] {
  const found: string[] = [];
  if (/\(s\)/.test(text)) found.push('(s)');
  for (const [one, many] of Object.entries(NOUNS)) {
    const wrong = n === 1 ? many : one;
    // "1 memories", "1 current memories", "3 memory": a number, perhaps an adjective, the wrong
    // form (not a noun used as an adjective: "3 memory records", "a 3 token budget").
    const re = new RegExp(`\\b${n}(?: ${ADJECTIVES})? ${wrong}\\b(?! records| budget)`, 'i');
    if (re.test(text)) found.push(text.match(re)![0]);
  }
  return found;
}

describe('counts in the panel text', () => {
  for (const n of [1, 3])
    it(`read right with every count at ${n}, in English`, () => {
      const bad: string[] = [];
      for (const [key, [en]] of entries) {
        if (names(en).length === 0) continue;
        const vars = Object.fromEntries(names(en).map((name) => [name, n]));
        const text = translate('en', key, vars);
        for (const w of wrongForms(text, n)) bad.push(`${key}: "${w}" in "${text}"`);
      }
      expect(bad).toEqual([]);
    });

  it('picks a form by any named count, with # for the number', () => {
    const older = entries.find(([k]) => k === 'transfer.exported');
    expect(older).toBeDefined();
    expect(translate('en', 'transfer.exported', { n: 1, older: 1 })).toMatch(/1 older version\b/);
    expect(translate('en', 'transfer.exported', { n: 2, older: 5 })).toMatch(/5 older versions/);
  });

  it('has one form in Chinese whatever the count', () => {
    expect(translate('zh', 'mem.count', { n: 1 })).toBe('共 1 条记忆');
    expect(translate('zh', 'mem.count', { n: 2 })).toBe('共 2 条记忆');
  });
});
