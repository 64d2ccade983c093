/**
 * Which space group a memory is listed under, as pure functions (unit-tested, and cheap at
 * 10,000 memories): Everywhere, one of the spaces, or "space gone" for a memory naming a space
 * that no longer exists here, so such a memory is never invisible.
 */
import type { SpaceId } from '../../../lib/memory/spaces';
import type { MemoryRecord } from '../../../lib/memory/types';

/** What the switcher shows: every memory, Everywhere's, a space's, or those of a gone space. */
export type SpaceChoice = 'all' | 'everywhere' | 'gone' | { space: SpaceId };

export type SpaceGroup = 'everywhere' | 'gone' | SpaceId;

export function groupOf(m: Pick<MemoryRecord, 'space'>, known: ReadonlySet<SpaceId>): SpaceGroup {
  if (m.space === undefined) return 'everywhere';
  return known.has(m.space) ? m.space : 'gone';
}

export function inChoice(m: Pick<MemoryRecord, 'space'>, choice: SpaceChoice, known: ReadonlySet<SpaceId>): boolean {
  if (choice === 'all') return true;
  const group = groupOf(m, known);
  return typeof choice === 'string' ? group === choice : group === choice.space;
}

/** How many of `rows` each group holds (ids of spaces, `everywhere`, `gone`). */
export function countGroups(
  rows: readonly Pick<MemoryRecord, 'space'>[],
  known: ReadonlySet<SpaceId>,
): Map<SpaceGroup, number> {
  const out = new Map<SpaceGroup, number>();
  for (const m of rows) {
    const g = groupOf(m, known);
    out.set(g, (out.get(g) ?? 0) + 1);
  }
  return out;
}

/** The switcher's value as a select's string, and back ("s:" keeps a space id apart from the words). */
export function choiceValue(choice: SpaceChoice): string {
  return typeof choice === 'string' ? choice : `s:${choice.space}`;
}

export function choiceOf(value: string): SpaceChoice {
  if (value.startsWith('s:')) return { space: value.slice(2) };
  return value === 'everywhere' || value === 'gone' ? value : 'all';
}
