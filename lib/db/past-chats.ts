/**
 * Finding excerpts of past chats for a conversation start, over the chat history index: the
 * request's terms' turn lists (what the panel's search reads), turns scored by the units they
 * hold (lib/history/excerpt-score.ts), the best chats read, and their best exchanges cut to
 * size (lib/history/excerpts.ts). A chat is never a source when the user asked not to remember
 * it, its site is excluded from learning, it is the chat being written, another site's when
 * only this site's may be used, or it lies in a space the current chat cannot reach. Every
 * excerpt's turns and title leave through the privacy filter's exit (lib/privacy/leaving.ts:
 * normalised and filtered in one step). A chat of a private window is never stored, so never
 * here.
 */
import { isBareContinuation } from '../history/continuation';
import { excerptQuery, excerptTerms, scoreTurns } from '../history/excerpt-score';
import { inWindows, openingExchange, windowBounds, windowScore } from '../history/excerpt-window';
import {
  chooseExcerpts,
  type ExcerptChat,
  excerptKey,
  excerptsOfChat,
  lastExchange,
  MAX_EXCERPTS,
  MIN_COVERAGE,
  type PastChatExcerpt,
  type TurnMatch,
} from '../history/excerpts';
import { chatOfKey, turnOfKey } from '../history/turn-lists';
import { chatIdOf } from '../memory/new-chat';
import { passes, type SpaceFilter, type SpaceId } from '../memory/spaces';
import type { Chat } from '../memory/types';
import { type DayRange, localDay } from '../memory/when';
import { leavingLine } from '../privacy/leaving';
import { readTimeRequest, type TimeRequest } from '../ranking/time-window';
import type { PrivacyPattern, Settings } from '../settings/schema';
import { SITE_IDS, type SiteId } from '../sites/ids';
import { nowMs } from '../time';
import { db } from './db';
import { type ChatMeta, metaCache, readTerms } from './history-search';

export interface PastChatsRequest {
  draft: string;
  requestKeywords?: readonly string[];
  /** The site the conversation starts on. */
  site: SiteId;
  /** The site's switch: only its own chats, or any site's. */
  source: 'this-site' | 'any-site';
  /** The chat being written, when it has an id already, and its address. */
  currentChatId?: string | null;
  currentUrl?: string;
  /**
   * Whether a chat of this space (undefined: none) may be a source: for a conversation start,
   * the current chat's reach (lib/memory/spaces.ts `reaches`); for desktop tools, their ticks.
   */
  spaceAllowed: (space: SpaceId | undefined) => boolean;
  /** Sites the user excluded from learning: their chats are never a source. */
  excludedSites: ReadonlySet<SiteId>;
  /** Chats (their ids) and single excerpts (excerptKey) the user removed from this tab's preview. */
  skipChats?: Iterable<string>;
  privacyPatterns: readonly PrivacyPattern[];
  max?: number;
  /** The relevance floor (lib/history/excerpts.ts MIN_COVERAGE); the benchmark tunes it. */
  floor?: number;
  /** The time "last week" and the like are read against; absent: now. */
  now?: number;
  /** The user's time zone (the runtime's when absent): which day a chat is from for them. */
  timeZone?: string;
}

/** How many of the best-scoring chats are read from the store to cut excerpts from. */
const CHATS_READ = 8;
/** Matching turns per chat an excerpt may be anchored on. */
const ANCHORS_PER_CHAT = 4;

function allowed(chat: Chat | undefined, req: PastChatsRequest, skip: ReadonlySet<string>): chat is Chat {
  if (!chat || chat.state === 'excluded' || chat.turns.length === 0) return false;
  if (chat.id === req.currentChatId || (req.currentUrl && chat.url === req.currentUrl)) return false;
  if (skip.has(chat.id) || req.excludedSites.has(chat.site)) return false;
  if (req.source === 'this-site' && chat.site !== req.site) return false;
  return req.spaceAllowed(chat.space);
}

function asExcerptChat(chat: Chat): ExcerptChat {
  return {
    id: chat.id,
    site: chat.site,
    title: chat.title,
    url: chat.url,
    updatedAt: chat.updatedAt,
    turns: chat.turns,
  };
}

/** The most recent chat of this site (and space) the rules allow: "where did we leave off?". */
async function lastChat(req: PastChatsRequest, skip: ReadonlySet<string>): Promise<Chat | undefined> {
  const here = { ...req, source: 'this-site' as const };
  return db.chats
    .orderBy('updatedAt')
    .reverse()
    .filter((c) => allowed(c, here, skip))
    .first();
}

export async function findPastChatExcerpts(req: PastChatsRequest): Promise<PastChatExcerpt[]> {
  const skip = new Set(req.skipChats ?? []);
  const leave = (text: string) => leavingLine(text, req.privacyPatterns);
  if (isBareContinuation(req.draft)) {
    const chat = await lastChat(req, skip);
    const excerpt = chat ? lastExchange(asExcerptChat(chat), leave) : null;
    return excerpt && !skip.has(excerptKey(excerpt)) ? [excerpt] : [];
  }
  const time = readTimeRequest(req.draft, localDay(req.now ?? nowMs(), req.timeZone));
  // "last week" says when, not what: its words would match every chat that mentions a week.
  const found = await matchingExcerpts(req, skip, leave, time);
  if (found.length > 0 || !asksOnlyWhen(time)) return found;
  return windowOpenings(req, skip, leave, time);
}

/**
 * A recall that names a time and nothing else ("what did we talk about yesterday"). One that
 * also names a topic ("what did Mel paint in October") and matched nothing gets nothing: the
 * window's other chats are not about it.
 */
function asksOnlyWhen(time: TimeRequest): boolean {
  return time.recall && time.windows.length > 0 && excerptQuery(time.rest ?? '').units.length === 0;
}

/** Whether a chat the request may use is from one of the windows (read on its time first: a day costs a format). */
function holdsChatFrom(chats: Iterable<ChatMeta>, windows: readonly DayRange[], req: PastChatsRequest): boolean {
  const bounds = windowBounds(windows);
  const [lo, hi] = [Date.parse(bounds.lo), Date.parse(bounds.hi)];
  for (const m of chats)
    if (m.at >= lo && m.at <= hi && siteAllowed(m.site as SiteId, req) && inWindows(m.at, windows, req.timeZone))
      return true;
  return false;
}

const siteAllowed = (site: SiteId, req: PastChatsRequest) =>
  !req.excludedSites.has(site) && (req.source !== 'this-site' || site === req.site);

/** The excerpts matching the request's words, a chat from its time window preferred. */
async function matchingExcerpts(
  req: PastChatsRequest,
  skip: ReadonlySet<string>,
  leave: (text: string) => string,
  time: TimeRequest,
): Promise<PastChatExcerpt[]> {
  const meta = await metaCache();
  // The time's words are left out only where the window can do their work: with no chat from
  // then, "June" in a chat's text ("the camping trip in June") is what finds it.
  const windowHolds = time.windows.length > 0 && holdsChatFrom(meta.chats.values(), time.windows, req);
  const query = excerptQuery((windowHolds ? time.rest : null) ?? req.draft, req.requestKeywords);
  const terms = excerptTerms(query);
  if (terms.length === 0) return [];
  const floor = req.floor ?? MIN_COVERAGE;
  const lists = await readTerms(terms, meta.generation);
  const scored = scoreTurns(query, lists, meta.totalTurns);
  // Each chat's matching turns, grouped by the chat's number in the index.
  const byChat = new Map<number, TurnMatch[]>();
  for (const [key, score] of scored.score) {
    const n = chatOfKey(key);
    const m = meta.chats.get(n);
    if (!m || !siteAllowed(m.site as SiteId, req)) continue;
    const list = byChat.get(n) ?? [];
    byChat.set(n, list);
    list.push({ turn: turnOfKey(key), score, units: scored.held.get(key) ?? [] });
  }
  // An excerpt holds some of its chat's matching turns, so none can cover more of the request
  // than all of them together: when no chat reaches the floor that way, no chat is read.
  const reachable = [...byChat.values()].some((matches) => scored.coverageOf(matches.flatMap((m) => m.units)) >= floor);
  if (!reachable) return [];
  const ranked = [...byChat.entries()]
    .map(([n, matches]) => {
      const sorted = matches.sort((a, b) => b.score - a.score);
      const chat = meta.chats.get(n)!;
      const best = windowScore(sorted[0]!.score, chat.at, time.windows, req.timeZone);
      return { id: chat.id, matches: sorted, anchors: sorted.slice(0, ANCHORS_PER_CHAT), best };
    })
    .sort((a, b) => b.best - a.best);
  const candidates: PastChatExcerpt[] = [];
  let used = 0;
  // Read in rounds: a chat that may not be used (excluded, another space) lets the next one in.
  for (let from = 0; from < ranked.length && used < CHATS_READ; from += CHATS_READ) {
    const slice = ranked.slice(from, from + CHATS_READ);
    const chats = await db.chats.bulkGet(slice.map((c) => c.id));
    slice.forEach((c, i) => {
      const chat = chats[i];
      if (!allowed(chat, req, skip)) return;
      used++;
      const at = Date.parse(chat.updatedAt);
      for (const e of excerptsOfChat(asExcerptChat(chat), c.anchors, c.matches, scored.coverageOf, leave))
        candidates.push({ ...e, score: windowScore(e.score, at, time.windows, req.timeZone) });
    });
  }
  // An excerpt removed on its own lets the next one in.
  const kept = candidates.filter((c) => !skip.has(excerptKey(c)));
  return chooseExcerpts(kept, req.max ?? MAX_EXCERPTS, floor);
}

/**
 * A request about the user's own doings that names only a time ("what did we talk about
 * yesterday?"): the opening exchange of the window's newest chats the rules allow.
 */
async function windowOpenings(
  req: PastChatsRequest,
  skip: ReadonlySet<string>,
  leave: (text: string) => string,
  time: TimeRequest,
): Promise<PastChatExcerpt[]> {
  const { lo, hi } = windowBounds(time.windows);
  const max = req.max ?? MAX_EXCERPTS;
  const chats = await db.chats
    .where('updatedAt')
    .between(lo, hi, true, true)
    .reverse()
    .filter((c) => allowed(c, req, skip) && inWindows(Date.parse(c.updatedAt), time.windows, req.timeZone))
    .limit(max)
    .toArray();
  return chats.flatMap((c) => openingExchange(asExcerptChat(c), leave) ?? []);
}

/** What a conversation start knows: its site, tab's conversation and address, the draft. */
export interface ConversationStart {
  site: SiteId;
  /** The conversation the tab shows, when it has one already (tab-state's `conversationId`). */
  conversationId: string | null;
  url: string;
  draft: string;
  requestKeywords?: readonly string[];
  /** Ids the user removed from this tab's preview (chat ids and excerpt keys among memory ids). */
  skip?: Iterable<string>;
  /** What the chat being written may reach (its space, entrypoints/background/chat-space.ts). */
  spaces: SpaceFilter;
  now: number;
  /** More excerpts, under a lower floor: the candidates a model judges (lib/request-keywords). */
  max?: number;
  floor?: number;
}

/**
 * The excerpts a conversation start gets under the user's settings: none while the site's
 * switch is off; only chats the current chat's space may reach, as its memories; sites the user
 * stopped learning from are never a source.
 */
export async function pastChatsFor(settings: Settings, start: ConversationStart): Promise<PastChatExcerpt[]> {
  const source = settings.sites[start.site].pastChats;
  if (source === 'off' || start.draft.trim() === '') return [];
  const currentChatId = start.conversationId ? chatIdOf(start.site, start.conversationId) : null;
  return findPastChatExcerpts({
    draft: start.draft,
    requestKeywords: start.requestKeywords,
    site: start.site,
    source,
    currentChatId,
    currentUrl: start.url,
    spaceAllowed: (space) => passes(start.spaces, space),
    excludedSites: new Set(SITE_IDS.filter((s) => !settings.sites[s].learn)),
    skipChats: start.skip,
    privacyPatterns: settings.privacyPatterns,
    now: start.now,
    max: start.max,
    floor: start.floor,
  });
}

/**
 * `search_chats` for desktop tools: any site's chats under the same exclusions, and a chat in
 * a space only when the tools may read that space (`readable`: lib/bridge/spaces.ts, the same
 * rule as their memory search — a tick, or no tick and not isolated; archived never).
 */
export async function pastChatsForTools(
  settings: Settings,
  query: string,
  max: number,
  readable: SpaceFilter,
): Promise<PastChatExcerpt[]> {
  return findPastChatExcerpts({
    draft: query,
    site: SITE_IDS[0],
    source: 'any-site',
    spaceAllowed: (space) => passes(readable, space),
    excludedSites: new Set(SITE_IDS.filter((s) => !settings.sites[s].learn)),
    privacyPatterns: settings.privacyPatterns,
    max,
  });
}
