/**
 * How many memory blocks each site and tab was handed in the last hour. A page controls its
 * DOM and URL, so it could make every click look like a new conversation's first message and
 * read each block it gets; counting in the background bounds what one site can draw out.
 * Kept in the `meta` table, so a restarted worker still knows, and the panel's Activity view
 * shows the count and what was held back.
 */
import { BLOCKS_PER_SITE_HOUR, BLOCKS_PER_TAB_HOUR } from '../sites/bounds';
import type { SiteId } from '../sites/ids';
import { db } from './db';

const HANDOUTS_KEY = 'inject.handouts';
const HOUR_MS = 3_600_000;

interface Handouts {
  given: { site: SiteId; tabId: number; at: number }[];
  held: { site: SiteId; at: number }[];
}

function recent(value: unknown, nowMs: number): Handouts {
  const v = (value ?? {}) as Partial<Handouts>;
  const fresh = <T extends { at: number }>(rows: T[] | undefined) =>
    Array.isArray(rows) ? rows.filter((r) => typeof r?.at === 'number' && nowMs - r.at < HOUR_MS) : [];
  return { given: fresh(v.given), held: fresh(v.held) };
}

/** True, and counted, when this tab and site may have one more block this hour. */
export function takeHandout(site: SiteId, tabId: number, nowMs: number): Promise<boolean> {
  return db.transaction('rw', db.meta, async () => {
    const h = recent((await db.meta.get(HANDOUTS_KEY))?.value, nowMs);
    const bySite = h.given.filter((g) => g.site === site).length;
    const byTab = h.given.filter((g) => g.tabId === tabId).length;
    const ok = bySite < BLOCKS_PER_SITE_HOUR && byTab < BLOCKS_PER_TAB_HOUR;
    if (ok) h.given.push({ site, tabId, at: nowMs });
    else h.held.push({ site, at: nowMs });
    await db.meta.put({ key: HANDOUTS_KEY, value: h });
    return ok;
  });
}

export interface HandoutCount {
  site: SiteId;
  given: number;
  held: number;
}

/** Per site, blocks handed out and held back in the last hour (sites with neither left out). */
export async function handoutCounts(nowMs: number): Promise<HandoutCount[]> {
  const h = recent((await db.meta.get(HANDOUTS_KEY))?.value, nowMs);
  const sites = [...new Set([...h.given, ...h.held].map((r) => r.site))].sort();
  return sites.map((site) => ({
    site,
    given: h.given.filter((g) => g.site === site).length,
    held: h.held.filter((g) => g.site === site).length,
  }));
}
