/**
 * The sites' default spaces as chosen in Settings → Sites: a draft until Save settings, like
 * every other choice there (the default lives on the space, so saving writes it there), and
 * Discard changes forgets it.
 */
import { computed, signal } from '@preact/signals';
import type { SpaceId } from '../../../lib/memory/spaces';
import type { SiteId } from '../../../lib/sites/ids';
import { setSiteDefault, siteDefaultOf } from './chat-space';

const draft = signal<ReadonlyMap<SiteId, SpaceId | null>>(new Map());

function changed(): [SiteId, SpaceId | null][] {
  return [...draft.value].filter(([site, space]) => space !== siteDefaultOf(site));
}

export const siteDefaultsDirty = computed(() => changed().length > 0);

/** The site's default space as Settings shows it: the one chosen and not yet saved, or the saved one. */
export function shownSiteDefault(site: SiteId): SpaceId | null {
  const d = draft.value;
  return d.has(site) ? (d.get(site) ?? null) : siteDefaultOf(site);
}

export function chooseSiteDefault(site: SiteId, space: SpaceId | null): void {
  draft.value = new Map([...draft.value, [site, space]]);
}

/** Writes each changed default, then forgets the draft (a failed write keeps it, to try again). */
export async function writeSiteDefaults(): Promise<void> {
  for (const [site, space] of changed()) await setSiteDefault(site, space);
  draft.value = new Map();
}

export function discardSiteDefaults(): void {
  draft.value = new Map();
}
