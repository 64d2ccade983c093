/**
 * The Memories list by space: the switcher's groups and counts, and a memory whose space no
 * longer exists listed under "space gone" (never invisible: All shows it too).
 */
import { describe, expect, it } from 'vitest';
import { NO_FILTERS, runQuery } from '../../../entrypoints/sidepanel/models/memory-query';
import { choiceOf, choiceValue, countGroups, groupOf } from '../../../entrypoints/sidepanel/models/space-groups';
import { memory } from '../helpers';

const known = new Set(['sp-work', 'sp-home']);
const rows = [
  memory({ content: 'Uses Jira' }, { id: 'w', space: 'sp-work' }),
  memory({ content: 'Grows tomatoes' }, { id: 'h', space: 'sp-home' }),
  memory({ content: 'Lives in Chengdu' }, { id: 'e' }),
  memory({ content: 'Client X prefers calls' }, { id: 'g', space: 'sp-deleted-elsewhere' }),
];
const ids = (choice: Parameters<typeof choiceValue>[0]) =>
  runQuery(rows, { query: '', filters: NO_FILTERS, sort: 'newest', space: { choice, known } })
    .items.map((m) => m.id)
    .sort();

describe('memories by space', () => {
  it('groups each memory: a space, Everywhere, or gone', () => {
    expect(rows.map((m) => groupOf(m, known))).toEqual(['sp-work', 'sp-home', 'everywhere', 'gone']);
    expect(Object.fromEntries(countGroups(rows, known))).toEqual({
      'sp-work': 1,
      'sp-home': 1,
      everywhere: 1,
      gone: 1,
    });
  });

  it('lists what the switcher chose; a gone space’s memory stays under All and under its own filter', () => {
    expect(ids('all')).toEqual(['e', 'g', 'h', 'w']);
    expect(ids('everywhere')).toEqual(['e']);
    expect(ids({ space: 'sp-work' })).toEqual(['w']);
    expect(ids('gone')).toEqual(['g']);
  });

  it('reads the select’s value back, a space id apart from the words', () => {
    for (const c of ['all', 'everywhere', 'gone', { space: 'gone' }, { space: 'all' }] as const)
      expect(choiceOf(choiceValue(c))).toEqual(c);
  });
});
