/** Option lists for choosing a memory's space, built at render time so they follow the language. */
import { t } from '../lib/i18n';
import type { Space, SpaceId } from '../lib/memory/spaces';
import type { SelectOption } from './select-field';

/** A select's value for a space (null: Everywhere); "s:" keeps an id apart from the word. */
export function spaceValue(space: SpaceId | null): string {
  return space === null ? 'everywhere' : `s:${space}`;
}

export function spaceOfValue(value: string): SpaceId | null {
  return value.startsWith('s:') ? value.slice(2) : null;
}

/**
 * Everywhere, then each space by name (archived ones say so). `gone`: a space the memory still
 * names but that no longer exists, listed so the select shows where it is now.
 */
export function spaceOptions(
  spaces: readonly Pick<Space, 'id' | 'name' | 'archived'>[],
  gone?: SpaceId,
): SelectOption<string>[] {
  return [
    { value: spaceValue(null), label: t('space.everywhere') },
    ...spaces.map((s) => ({
      value: spaceValue(s.id),
      label: s.archived ? t('space.archivedName', { name: s.name }) : s.name,
    })),
    ...(gone ? [{ value: spaceValue(gone), label: t('space.gone') }] : []),
  ];
}
