/**
 * History search over the index in IndexedDB: a query reads only its own terms' rows, scores
 * matching turns, groups them by chat, and loads just the chats it shows (for the snippet and
 * to check quoted phrases). The chats' numbers, sites and dates are kept in memory between
 * searches and dropped a minute after the last one, so an idle background holds nothing that
 * grows with the history.
 */
import { Dexie } from 'dexie';
import { bucketOf, findInBucket, termBytes } from '../history/buckets';
import { chatHead } from '../history/chat-head';
import { type HistoryQuery, parseQuery } from '../history/query';
import type { HistoryResult, HistorySearchRequest, HistorySearchResponse } from '../history/schemas';
import { chatScore, recencyFactor } from '../history/score';
import { holdsPhrases, snippetOf } from '../history/snippet';
import {
  chatOfKey,
  decodeTerm,
  listBytes,
  matchUnits,
  type Scored,
  type TermList,
  turnOfKey,
  unitScores,
} from '../history/turn-lists';
import type { Chat } from '../memory/types';
import { SITE_IDS, type SiteId } from '../sites/ids';
import { chatIdsInSpace } from './chat-spaces';
import { db, type HistoryTermRow } from './db';
import { indexGeneration } from './history-index';

export interface ChatMeta {
  id: string;
  site: string;
  at: number;
}

interface MetaCache {
  generation: number;
  chats: Map<number, ChatMeta>;
  totalTurns: number;
}

let cache: MetaCache | null = null;
let dropTimer: ReturnType<typeof setTimeout> | undefined;
const KEEP_CACHE_MS = 60_000;
const HITS_PER_CHAT = 3;
/** How many candidate chats a phrase search reads at most to verify the phrase. */
const PHRASE_CHECK_CHATS = 400;

/** Forgets the kept chat numbers now (what a minute without searches does). */
export function dropSearchCache(): void {
  clearTimeout(dropTimer);
  cache = null;
  termCache = null;
}

/** Every indexed chat's number, id, site and date (kept a minute after the last use). */
export async function metaCache(): Promise<MetaCache> {
  clearTimeout(dropTimer);
  dropTimer = setTimeout(() => {
    cache = null;
    termCache = null;
  }, KEEP_CACHE_MS);
  if (cache && cache.generation === indexGeneration()) return cache;
  const generation = indexGeneration();
  const chats = new Map<number, ChatMeta>();
  let totalTurns = 0;
  // One getAll, not a cursor: a cursor costs a round trip per row, which at thousands of
  // chats was most of the first search's time in Chromium.
  for (const r of await db.hchats.toArray()) {
    chats.set(r.n, { id: r.id, site: r.site, at: r.at });
    totalTurns += r.h.length;
  }
  cache = { generation, chats, totalTurns };
  return cache;
}

/**
 * Decoded term lists kept for warm searches, within a byte budget, dropped with the chat
 * numbers (a minute after the last search) and whenever the index changes.
 */
const TERM_CACHE_BYTES = 16_000_000;

interface TermCache {
  generation: number;
  lists: Map<string, TermList>;
  bytes: number;
}

let termCache: TermCache | null = null;

function cachedTerms(generation: number): TermCache {
  if (!termCache || termCache.generation !== generation) termCache = { generation, lists: new Map(), bytes: 0 };
  return termCache;
}

function remember(c: TermCache, term: string, list: TermList): void {
  const size = listBytes(list);
  if (size > TERM_CACHE_BYTES / 4) return;
  // Oldest first out (a Map keeps insertion order; a hit is moved to the end).
  for (const [t, l] of c.lists) {
    if (c.bytes + size <= TERM_CACHE_BYTES) break;
    c.lists.delete(t);
    c.bytes -= listBytes(l);
  }
  c.lists.set(term, list);
  c.bytes += size;
}

/** Each term's turn list. Each missing term's bucket is read once, whatever else shares it. */
export async function readTerms(terms: readonly string[], generation: number): Promise<Map<string, TermList>> {
  const cache = cachedTerms(generation);
  const out = new Map<string, TermList>();
  const missing: string[] = [];
  for (const t of terms) {
    const hit = cache.lists.get(t);
    if (!hit) missing.push(t);
    else {
      cache.lists.delete(t);
      cache.lists.set(t, hit);
      out.set(t, hit);
    }
  }
  if (missing.length === 0) return out;
  const buckets = new Map<number, HistoryTermRow[]>();
  await db.transaction('r', db.hterms, async () => {
    const wanted = [...new Set(missing.map(bucketOf))];
    await Promise.all(
      wanted.map(async (b) => {
        buckets.set(
          b,
          await db.hterms.where('[t+s]').between([b, Dexie.minKey], [b, Dexie.maxKey], true, true).toArray(),
        );
      }),
    );
  });
  for (const t of missing) {
    const bytes = termBytes(t);
    const lists = (buckets.get(bucketOf(t)) ?? []).map((r) => findInBucket(r.d, bytes)).filter((d) => d !== null);
    const list = decodeTerm(lists);
    out.set(t, list);
    if (generation === indexGeneration()) remember(cachedTerms(generation), t, list);
  }
  return out;
}

interface Candidate {
  n: number;
  meta: ChatMeta;
  score: number;
  turns: { turn: number; score: number }[];
}

/** Matching turns (sorted by key, so each chat's turns are together) grouped into ranked chats. */
function rankChats(turns: Scored, meta: MetaCache, req: HistorySearchRequest, sites: Set<string>) {
  const now = Date.now();
  const out: Candidate[] = [];
  const { keys, scores } = turns;
  for (let i = 0; i < keys.length; ) {
    const n = chatOfKey(keys[i]!);
    let end = i;
    while (end < keys.length && chatOfKey(keys[end]!) === n) end++;
    const m = meta.chats.get(n);
    // Forgotten (its postings wait for the purge), another site, or out of the dates.
    const skip =
      !m ||
      (sites.size > 0 && !sites.has(m.site)) ||
      (req.from !== undefined && m.at < req.from) ||
      (req.to !== undefined && m.at > req.to);
    if (m && !skip) {
      const list: { turn: number; score: number }[] = [];
      for (let k = i; k < end; k++) list.push({ turn: turnOfKey(keys[k]!), score: scores[k]! });
      list.sort((a, b) => b.score - a.score || a.turn - b.turn);
      out.push({ n, meta: m, turns: list, score: chatScore(list.map((t) => t.score)) * recencyFactor(m.at, now) });
    }
    i = end;
  }
  return out.sort((a, b) => b.score - a.score || b.meta.at - a.meta.at);
}

function resultOf(c: Candidate, chat: Chat, query: HistoryQuery): HistoryResult | null {
  const hits = [];
  for (const { turn } of c.turns) {
    const t = chat.turns[turn];
    if (!t || !holdsPhrases(t.text, query)) continue;
    hits.push({ turn, role: t.role, snippet: snippetOf(t.text, query) });
    if (hits.length >= HITS_PER_CHAT) break;
  }
  if (hits.length === 0) return null;
  return { ...chatHead(chat), score: c.score, hits };
}

export async function searchHistory(req: HistorySearchRequest): Promise<HistorySearchResponse> {
  const started = performance.now();
  const query = parseQuery(req.query);
  const known = new Set<string>(SITE_IDS);
  const sites = new Set<string>([...(req.sites ?? []), ...query.sites.filter((s) => known.has(s as SiteId))]);
  const pending = await db.hdirty.count();
  if (query.units.length === 0) return { results: [], total: 0, pending, ms: performance.now() - started };
  const meta = await metaCache();
  const terms = [...new Set(query.units.flatMap((u) => u.terms))];
  const lists = await readTerms(terms, meta.generation);
  const turns = Math.max(1, meta.totalTurns);
  const matched = rankChats(matchUnits(query.units.map((u) => unitScores(u, lists, turns))), meta, req, sites);
  const inSpace = req.space !== undefined ? await chatIdsInSpace(req.space) : null;
  const ranked = inSpace ? matched.filter((c) => inSpace.has(c.meta.id)) : matched;
  const limit = req.limit ?? 50;
  const results: HistoryResult[] = [];
  const budget = query.phrases.length > 0 ? PHRASE_CHECK_CHATS : limit;
  let verified = 0;
  const end = Math.min(ranked.length, budget);
  const read = (from: number) => db.chats.bulkGet(ranked.slice(from, Math.min(from + 25, end)).map((c) => c.meta.id));
  let next = end > 0 ? read(0) : null;
  for (let i = 0; i < end && results.length < limit; i += 25) {
    const slice = ranked.slice(i, Math.min(i + 25, end));
    const chats = (await next)!;
    // The next slice is read while this one is checked (a phrase search may read 400 chats).
    next = i + 25 < end ? read(i + 25) : null;
    slice.forEach((c, j) => {
      const chat = chats[j];
      const r = chat ? resultOf(c, chat, query) : null;
      if (r && results.length < limit) results.push(r);
      if (r) verified++;
    });
  }
  // A slice read ahead and not needed: its outcome does not matter.
  void next?.catch(() => {});
  const total = query.phrases.length > 0 ? verified : ranked.length;
  return { results, total, pending, ms: performance.now() - started };
}
