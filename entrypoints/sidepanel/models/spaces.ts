/**
 * The spaces as the panel shows them: the live list of spaces, the switcher's choice, and how
 * many current memories each group holds (from the live memory mirror, so counts follow every
 * change without a round trip).
 */
import { computed, signal } from '@preact/signals';
import { watchSpaces } from '../../../lib/db/live';
import { isCurrent } from '../../../lib/memory/current';
import type { Space } from '../../../lib/memory/spaces';
import { memories } from './memories';
import { choiceValue, countGroups, type SpaceChoice, type SpaceGroup } from './space-groups';

export const spaces = signal<readonly Space[]>([]);
export const spaceChoice = signal<SpaceChoice>('all');

export const knownSpaces = computed(() => new Set(spaces.value.map((s) => s.id)));
export const spaceById = computed(() => new Map(spaces.value.map((s) => [s.id, s])));

/** Sorted by name, as a person scans them. */
const sorted = (rows: readonly Space[]) =>
  [...rows].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));

export const groupCounts = computed<ReadonlyMap<SpaceGroup, number>>(() =>
  countGroups(
    memories.value.filter((m) => isCurrent(m)),
    knownSpaces.value,
  ),
);

/** The memories the switcher cannot place (their space is gone here): shown only when there are some. */
export const goneCount = computed(() => groupCounts.value.get('gone') ?? 0);

export function setSpaceChoice(choice: SpaceChoice): void {
  spaceChoice.value = choice;
}

export function setSpaces(rows: readonly Space[]): void {
  spaces.value = sorted(rows);
  // A space deleted (here or on another device) while chosen: back to every memory.
  const c = spaceChoice.value;
  if (typeof c !== 'string' && !rows.some((s) => s.id === c.space)) spaceChoice.value = 'all';
  if (c === 'gone' && goneCount.value === 0) spaceChoice.value = 'all';
}

export function startSpacesModel(): () => void {
  return watchSpaces(setSpaces);
}

export const choiceKey = computed(() => choiceValue(spaceChoice.value));
