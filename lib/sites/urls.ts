/**
 * Addresses that lead back to a chat or a memory's source. A file (a history export, a memory
 * file) can carry any URL, so "Open on site" would lead wherever it says: an address is kept,
 * and linked, only on the place it names. A chat's address is on its site's own hosts (https,
 * no user or password before the host); a source that names a host rather than a site (a memory
 * added by hand from a web page) stays on that host.
 */
import { isSiteId, siteForUrl } from './ids';

function parsed(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** `url` without credentials when it is on `site`'s own hosts; otherwise ''. */
export function chatUrlOn(site: string, url: string): string {
  const u = parsed(url);
  if (!u || u.username || u.password || !isSiteId(site) || siteForUrl(u) !== site) return '';
  return u.href;
}

/** A memory source's address: on its site when it names one, else on the web host it names. */
export function sourceUrlOn(site: string, url: string): string {
  if (isSiteId(site)) return chatUrlOn(site, url);
  const u = parsed(url);
  if (!u || u.username || u.password || (u.protocol !== 'https:' && u.protocol !== 'http:')) return '';
  return u.hostname === site ? u.href : '';
}
