import { describe, expect, it } from 'vitest';
import { parseText } from '../../../lib/bring-in/text';
import { CHATGPT_CUSTOM_INSTRUCTIONS_CHARS, charCount, customInstructionText } from '../../../lib/take-out/custom-text';
import { type MarkdownWords, memoriesToMarkdown } from '../../../lib/take-out/markdown';
import { memory } from '../helpers';

const WORDS: MarkdownWords = {
  title: (date, n) => `My memories (${n}, exported ${date})`,
  type: (t) => ({ preference: 'Preferences', fact: 'Facts', task: 'Tasks', conclusion: 'Conclusions' })[t],
  importance: 'importance',
  onlyOn: (site) => `only on ${site}`,
  pinned: 'pinned',
  everywhere: 'Everywhere',
};

const at = (day: string) => ({ createdAt: `${day}T08:00:00.000Z`, updatedAt: `${day}T08:00:00.000Z` });

const store = [
  memory({ content: 'Lives in Lisbon', type: 'fact', importance: 4 }, at('2026-10-01')),
  memory({ content: 'Prefers short answers', type: 'preference', importance: 4 }, at('2026-09-12')),
  memory({ content: '预算是¥2,850,000.00', type: 'fact', importance: 5 }, at('2026-11-02')),
  memory({ content: 'Old city: Porto', type: 'fact' }, { ...at('2026-01-01'), status: 'superseded' }),
  memory({ content: 'Writing the Q4 report', type: 'task', scope: 'claude' }, at('2026-11-20')),
  memory({ content: 'Calls me Sam', type: 'preference', importance: 3, pinned: true }, at('2026-08-01')),
];

describe('Markdown export', () => {
  it('groups active memories by type, most important first, with importance and date', () => {
    expect(memoriesToMarkdown(store, WORDS, '2026-11-30T10:00:00.000Z')).toBe(
      [
        '# My memories (5, exported 2026-11-30)',
        '',
        '## Preferences',
        '',
        '- Calls me Sam _(importance 3 · 2026-08-01 · pinned)_',
        '- Prefers short answers _(importance 4 · 2026-09-12)_',
        '',
        '## Facts',
        '',
        '- 预算是¥2,850,000.00 _(importance 5 · 2026-11-02)_',
        '- Lives in Lisbon _(importance 4 · 2026-10-01)_',
        '',
        '## Tasks',
        '',
        '- Writing the Q4 report _(importance 3 · 2026-11-20 · only on claude)_',
        '',
      ].join('\n'),
    );
  });

  it('is read back by Bring in memories with the same text, type, importance and date', () => {
    const found = parseText(memoriesToMarkdown(store, WORDS, '2026-11-30T10:00:00.000Z'), 'markdown');
    expect(found.items.map((i) => [i.content, i.type, i.importance, i.createdAt?.slice(0, 10)])).toEqual([
      ['Calls me Sam', 'preference', 3, '2026-08-01'],
      ['Prefers short answers', 'preference', 4, '2026-09-12'],
      ['预算是¥2,850,000.00', 'fact', 5, '2026-11-02'],
      ['Lives in Lisbon', 'fact', 4, '2026-10-01'],
      ['Writing the Q4 report', 'task', 3, '2026-11-20'],
    ]);
  });
});

describe('Markdown export with spaces', () => {
  const spaces = [
    {
      id: 'sp-w',
      name: 'Work <b>',
      description: '',
      isolated: false,
      archived: false,
      endsAt: null,
      projects: [],
      sites: [],
    },
    {
      id: 'sp-h',
      name: 'Home',
      description: '',
      isolated: false,
      archived: false,
      endsAt: null,
      projects: [],
      sites: [],
    },
  ].map((s) => ({ ...s, createdAt: '2026-10-01T08:00:00.000Z', updatedAt: '2026-10-01T08:00:00.000Z' }));
  const inSpaces = [
    memory({ content: 'Lives in Lisbon', type: 'fact', importance: 4 }, at('2026-10-01')),
    memory({ content: 'Uses Jira', type: 'fact' }, { ...at('2026-10-02'), space: 'sp-w' }),
    memory({ content: 'Prefers tables', type: 'preference' }, { ...at('2026-10-03'), space: 'sp-w' }),
    memory({ content: 'Waters the plants on Sunday', type: 'task' }, { ...at('2026-10-04'), space: 'sp-h' }),
  ];

  it('groups by space, Everywhere first, then types; a space name is text, never markup', () => {
    expect(memoriesToMarkdown(inSpaces, WORDS, '2026-11-30T10:00:00.000Z', spaces)).toBe(
      [
        '# My memories (4, exported 2026-11-30)',
        '',
        '## Everywhere',
        '',
        '### Facts',
        '',
        '- Lives in Lisbon _(importance 4 · 2026-10-01)_',
        '',
        '## Home',
        '',
        '### Tasks',
        '',
        '- Waters the plants on Sunday _(importance 3 · 2026-10-04)_',
        '',
        '## Work \\<b\\>',
        '',
        '### Preferences',
        '',
        '- Prefers tables _(importance 3 · 2026-10-03)_',
        '',
        '### Facts',
        '',
        '- Uses Jira _(importance 3 · 2026-10-02)_',
        '',
      ].join('\n'),
    );
  });

  it('is read back by Bring in memories with each type, and without spaces in use looks as before', () => {
    const found = parseText(memoriesToMarkdown(inSpaces, WORDS, '2026-11-30T10:00:00.000Z', spaces), 'markdown');
    expect(found.items.map((i) => [i.content, i.type])).toEqual([
      ['Lives in Lisbon', 'fact'],
      ['Waters the plants on Sunday', 'task'],
      ['Prefers tables', 'preference'],
      ['Uses Jira', 'fact'],
    ]);
    expect(memoriesToMarkdown(store, WORDS, '2026-11-30T10:00:00.000Z', spaces)).toBe(
      memoriesToMarkdown(store, WORDS, '2026-11-30T10:00:00.000Z'),
    );
  });
});

describe('Copy as text for custom instructions', () => {
  it('lists active memories for every site, most important first, within the limit', () => {
    const out = customInstructionText(store, 'About me:', 1500);
    expect(out.text).toBe(
      'About me:\n- Calls me Sam\n- 预算是¥2,850,000.00\n- Lives in Lisbon\n- Prefers short answers',
    );
    expect(out).toMatchObject({ included: 4, left: 0 });
  });

  it('leaves out whole memories that do not fit and counts characters, not bytes', () => {
    const out = customInstructionText(store, 'About me:', 45);
    expect(out.text).toBe('About me:\n- Calls me Sam\n- 预算是¥2,850,000.00');
    expect(charCount(out.text)).toBeLessThanOrEqual(45);
    expect(out.left).toBe(2);
  });

  it('fits ChatGPT’s box by default even with many memories', () => {
    const many = Array.from({ length: 300 }, (_, i) =>
      memory({ content: `Memory number ${i} about something fairly specific`, importance: (i % 5) + 1 }),
    );
    const out = customInstructionText(many, 'About me:', CHATGPT_CUSTOM_INSTRUCTIONS_CHARS);
    expect(charCount(out.text)).toBeLessThanOrEqual(1500);
    expect(out.included).toBeGreaterThan(20);
    expect(out.included + out.left).toBe(300);
  });
});
