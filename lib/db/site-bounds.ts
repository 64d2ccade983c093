/**
 * Per-site counters for the rate bounds of lib/sites/bounds.ts, kept in the `meta` table (one
 * row per site) so they survive the service worker. `spend` checks and counts in one
 * transaction: a spend that would pass a bound is refused whole and remembered, so the Queue
 * view can say which site hit which bound until when.
 */
import { type RateKind, type RateWindow, SITE_RATE_LIMITS } from '../sites/bounds';
import { db } from './db';

const KEY_PREFIX = 'site-bounds.';

type Counts = Record<RateKind, number>;

interface SiteCounters {
  hour: string;
  day: string;
  counts: Record<RateWindow, Counts>;
  /** The last refusal, while its window lasts. */
  hit: BoundHit | null;
}

export interface BoundHit {
  site: string;
  kind: RateKind;
  window: RateWindow;
  limit: number;
  /** When the window ends and the site may go on (UTC ISO). */
  until: string;
}

export type Spend = Partial<Counts>;

const zero = (): Counts => ({ chats: 0, chars: 0, jobs: 0, tokens: 0 });

function windowsOf(iso: string) {
  return { hour: iso.slice(0, 13), day: iso.slice(0, 10) };
}

function windowEnd(window: RateWindow, iso: string): string {
  const d = new Date(iso);
  const end =
    window === 'hour'
      ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours() + 1)
      : Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
  return new Date(end).toISOString();
}

/** The site's counters as of `at`: a window that has ended starts again from zero. */
function current(stored: SiteCounters | undefined, at: string): SiteCounters {
  const w = windowsOf(at);
  const hour = stored?.hour === w.hour ? stored.counts.hour : zero();
  const day = stored?.day === w.day ? stored.counts.day : zero();
  const hit = stored?.hit && stored.hit.until > at ? stored.hit : null;
  return { ...w, counts: { hour, day }, hit };
}

/** Token bounds lower than the fixed ones (the site's share of the daily cap). */
export type TokenLimits = Record<RateWindow, number>;

function firstExceeded(
  site: string,
  counters: SiteCounters,
  spend: Spend,
  at: string,
  tokens: TokenLimits | undefined,
): BoundHit | null {
  for (const window of ['hour', 'day'] as const) {
    for (const [kind, amount] of Object.entries(spend) as [RateKind, number][]) {
      const limit = kind === 'tokens' && tokens ? tokens[window] : SITE_RATE_LIMITS[window][kind];
      if (amount > 0 && counters.counts[window][kind] + amount > limit) {
        return { site, kind, window, limit, until: windowEnd(window, at) };
      }
    }
  }
  return null;
}

/**
 * Counts `amounts` against the site's bounds. `spend`: refused whole (nothing counted, the hit
 * returned) when any bound would be passed. `check`: the same answer, counting nothing.
 * `record`: counts what was already spent (tokens of a call made), never refused.
 */
export async function spend(
  site: string,
  amounts: Spend,
  at: string,
  mode: 'spend' | 'check' | 'record' = 'spend',
  tokens?: TokenLimits,
): Promise<BoundHit | null> {
  return db.transaction('rw', db.meta, async () => {
    const key = KEY_PREFIX + site;
    const counters = current((await db.meta.get(key))?.value as SiteCounters | undefined, at);
    const hit = mode === 'record' ? null : firstExceeded(site, counters, amounts, at, tokens);
    if (hit) {
      await db.meta.put({ key, value: { ...counters, hit } });
      return hit;
    }
    if (mode === 'check') return null;
    for (const window of ['hour', 'day'] as const) {
      for (const [kind, amount] of Object.entries(amounts) as [RateKind, number][]) {
        counters.counts[window][kind] += Math.max(0, amount);
      }
    }
    await db.meta.put({ key, value: counters });
    return null;
  });
}

/** What the site has used of its daily bounds so far (jobs started, extraction tokens), as of `at`. */
export async function siteDayUse(site: string, at: string): Promise<{ jobs: number; tokens: number }> {
  const counters = current((await db.meta.get(KEY_PREFIX + site))?.value as SiteCounters | undefined, at);
  return { jobs: counters.counts.day.jobs, tokens: counters.counts.day.tokens };
}

/** Bounds hit whose window has not ended yet, for the Queue view. */
export async function boundsHit(at: string): Promise<BoundHit[]> {
  const rows = await db.meta.where('key').startsWith(KEY_PREFIX).toArray();
  return rows
    .map((r) => (r.value as SiteCounters | undefined)?.hit ?? null)
    .filter((hit): hit is BoundHit => hit !== null && hit.until > at)
    .sort((a, b) => a.site.localeCompare(b.site));
}
