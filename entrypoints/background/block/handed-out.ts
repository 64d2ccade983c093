/**
 * Blocks handed to a page (by token), waiting for the page to say they went out (inject.record) or
 * missed their message (inject.missed). Kept in `storage.session`, not in the worker's memory:
 * the worker may be stopped between the hand-out and the send (a block inserted by hand is
 * often read for longer than Chrome's 30 s idle limit), and the send must still be recorded.
 *
 * `storage.session` is for the extension's own pages and worker only: Chrome's default access
 * level is TRUSTED_CONTEXTS and nothing here calls `setAccessLevel`; Firefox does not expose
 * `storage.session` to content scripts and has no `setAccessLevel` (bug 1724754). So a chat
 * page can neither read these entries nor forge one. Each keeps only ids, scores and the query
 * (no memory text), and is forgotten after PREPARED_TTL_MS or once recorded.
 */
import { browser } from '#imports';
import type { SpaceId } from '../../../lib/memory/spaces';
import type { PastChatUse, ScoreParts } from '../../../lib/memory/types';
import type { SiteId } from '../../../lib/sites/ids';
import { nowMs } from '../../../lib/time';

export interface HandedOut {
  site: SiteId;
  url: string;
  query: string;
  tokens: number;
  /** `shared`: the words each shares with the query (Activity's why); the query's own words. */
  items: { memoryId: string; score: number; parts: ScoreParts; shared: string[] }[];
  /** Past chats whose excerpts the block carries (ids and why, no text). */
  pastChats?: PastChatUse[];
  at: number;
  /** The chat's space when the block was made (absent: none): its record names it. */
  space?: SpaceId;
  /** Not ready within the page's hold: its first message went without it (recorded as a miss). */
  missed?: boolean;
}

const PREFIX = 'prepared:';
const PREPARED_TTL_MS = 10 * 60_000;
const key = (token: string) => `${PREFIX}${token}`;
/** When this worker last removed expired entries (a new worker sweeps at its first hand-out). */
let sweptAt = 0;

export async function keepHandedOut(token: string, block: HandedOut): Promise<void> {
  await browser.storage.session.set({ [key(token)]: block });
  if (nowMs() - sweptAt > PREPARED_TTL_MS / 10) void sweep();
}

/**
 * The entry for this token while fresh, removed: a token is recorded once, even when the page
 * sends it twice at once (calls for one token run one after the other in this worker).
 */
export function takeHandedOut(token: string, site: SiteId): Promise<HandedOut | null> {
  return inTurn(token, async () => {
    const p = await readHandedOut(token, site);
    if (p) await browser.storage.session.remove(key(token));
    return p;
  });
}

/** The entry, marked as having missed its message; null if unknown, another site's or already marked. */
export function markMissed(token: string, site: SiteId): Promise<HandedOut | null> {
  return inTurn(token, async () => {
    const p = await readHandedOut(token, site);
    if (!p || p.missed) return null;
    await browser.storage.session.set({ [key(token)]: { ...p, missed: true } });
    return p;
  });
}

/** Only the site the block was handed to can use its token. */
async function readHandedOut(token: string, site: SiteId): Promise<HandedOut | null> {
  const got = (await browser.storage.session.get(key(token)))[key(token)] as HandedOut | undefined;
  return got?.site === site && nowMs() - got.at <= PREPARED_TTL_MS ? got : null;
}

const turns = new Map<string, Promise<unknown>>();

function inTurn<T>(token: string, run: () => Promise<T>): Promise<T> {
  const next = (turns.get(token) ?? Promise.resolve()).then(run, run);
  turns.set(token, next);
  void next
    .finally(() => {
      if (turns.get(token) === next) turns.delete(token);
    })
    .catch(() => {});
  return next;
}

async function sweep(): Promise<void> {
  sweptAt = nowMs();
  try {
    const all = await browser.storage.session.get(null);
    const old = Object.entries(all)
      .filter(
        ([k, v]) => k.startsWith(PREFIX) && !(nowMs() - ((v as HandedOut | undefined)?.at ?? 0) <= PREPARED_TTL_MS),
      )
      .map(([k]) => k);
    if (old.length > 0) await browser.storage.session.remove(old);
  } catch {
    // The next hand-out sweeps again; an expired entry is never used (readHandedOut checks its age).
  }
}
