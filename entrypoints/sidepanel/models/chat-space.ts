/**
 * The current chat's space as the background decides it (`spaces.ofTab`), and the three things the user sets: this chat's space, the project's space, a site's
 * default. Each write answers with what the background then decides.
 */
import { signal } from '@preact/signals';
import { type ProjectKey, type SpaceId, type SpaceSource, siteDefault } from '../../../lib/memory/spaces';
import { send } from '../../../lib/protocol/panel-send';
import type { SiteId } from '../../../lib/sites/ids';
import { spaces } from './spaces';

export interface TabSpace {
  tabId: number;
  space: SpaceId | null;
  by: SpaceSource;
  chosen: boolean;
  project: ProjectKey | null;
  projectSpace: SpaceId | null;
}

export const tabSpace = signal<TabSpace | null>(null);

export async function loadTabSpace(tabId: number): Promise<void> {
  const reply = await send('spaces.ofTab', { tabId }).catch(() => null);
  const next = reply ? { tabId, ...reply } : null;
  // Asked again with every health check: only a change reaches the preview (which ranks again).
  if (JSON.stringify(next) !== JSON.stringify(tabSpace.value)) tabSpace.value = next;
}

/** `choice` null: automatic again; `{ space: null }`: no space. */
export async function chooseTabSpace(tabId: number, choice: { space: SpaceId | null } | null): Promise<void> {
  tabSpace.value = { tabId, ...(await send('spaces.chooseForTab', { tabId, choice })) };
}

export async function mapProject(tabId: number, project: ProjectKey, space: SpaceId | null): Promise<void> {
  await send('spaces.mapProject', { project, space });
  await loadTabSpace(tabId);
}

export async function setSiteDefault(site: SiteId, space: SpaceId | null): Promise<void> {
  await send('spaces.siteDefault', { site, space });
}

/** The site's default space in the live list, as the background reads it (null: none). */
export function siteDefaultOf(site: SiteId): SpaceId | null {
  return siteDefault(site, spaces.value);
}

/** Select values: a space id is prefixed so that no id can pass for "auto" or "none". */
export const AUTO = 'auto';
export const NONE = 'none';
export const optionOf = (id: SpaceId) => `space:${id}`;
export const idOf = (value: string): SpaceId | null => (value.startsWith('space:') ? value.slice(6) : null);
