/**
 * The site project this page is in, as `<site>:<id>` (null: none): what its adapter reads from
 * the site's address, or a Claude project chat's breadcrumb link. The background decides what
 * it means (the user's mapping); the page is never told.
 */
import type { ChatSiteAdapter } from '../adapters/types';
import { type ProjectKey, ProjectKeySchema } from '../memory/spaces';

export function projectOfPage(adapter: ChatSiteAdapter, url: URL = new URL(location.href)): ProjectKey | null {
  const id = adapter.project(url, document);
  if (!id) return null;
  // A reading the key rules refuse (an adapter's slip) names no project rather than failing the message.
  const key = ProjectKeySchema.safeParse(`${adapter.id}:${id}`);
  return key.success ? key.data : null;
}
