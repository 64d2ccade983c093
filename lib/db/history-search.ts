/**
 * History search over the index in IndexedDB: a query reads only its own terms' rows, scores
 * matching turns, groups them by chat, and loads just the chats it shows (for the snippet and
 * to check quoted phrases). The chats' numbers, sites and dates are kept in memory between
 * searches and dropped a minute after the last one, so an idle background holds nothing that
 * grows with the history.
 */
import { Dexie } from 'dexie';
import { bucketOf, findInBucket, termBytes } from '../history/buckets';
import { forEachPosting } from '../history/postings';
import { type HistoryQuery, parseQuery, type QueryUnit } from '../history/query';
import type { HistoryResult, HistorySearchRequest, HistorySearchResponse } from '../history/schemas';
import { chatScore, idf, recencyFactor, saturate } from '../history/score';
import { holdsPhrases, snippetOf } from '../history/snippet';
import type { Chat } from '../memory/types';
import { SITE_IDS, type SiteId } from '../sites/ids';
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
}

/** Every indexed chat's number, id, site and date (kept a minute after the last use). */
export async function metaCache(): Promise<MetaCache> {
  clearTimeout(dropTimer);
  dropTimer = setTimeout(() => {
    cache = null;
  }, KEEP_CACHE_MS);
  if (cache && cache.generation === indexGeneration()) return cache;
  const generation = indexGeneration();
  const chats = new Map<number, ChatMeta>();
  let totalTurns = 0;
  await db.hchats.each((r) => {
    chats.set(r.n, { id: r.id, site: r.site, at: r.at });
    totalTurns += r.h.length;
  });
  cache = { generation, chats, totalTurns };
  return cache;
}

type TurnKey = number;
const keyOf = (chat: number, turn: number): TurnKey => chat * 1_048_576 + turn;
const chatOfKey = (key: TurnKey) => Math.floor(key / 1_048_576);
const turnOfKey = (key: TurnKey) => key % 1_048_576;

/** Per term: turn → tf. Each term's bucket is read once, whatever else shares it. */
async function readTerms(terms: readonly string[]) {
  const buckets = new Map<number, HistoryTermRow[]>();
  await db.transaction('r', db.hterms, async () => {
    const wanted = [...new Set(terms.map(bucketOf))];
    await Promise.all(
      wanted.map(async (b) => {
        buckets.set(
          b,
          await db.hterms.where('[t+s]').between([b, Dexie.minKey], [b, Dexie.maxKey], true, true).toArray(),
        );
      }),
    );
  });
  const out = new Map<string, Map<TurnKey, number>>();
  for (const t of terms) {
    const bytes = termBytes(t);
    const lists = (buckets.get(bucketOf(t)) ?? []).map((r) => findInBucket(r.d, bytes)).filter((d) => d !== null);
    out.set(t, collect(lists));
  }
  return out;
}

function collect(lists: readonly Uint8Array[]): Map<TurnKey, number> {
  const m = new Map<TurnKey, number>();
  for (const d of lists) forEachPosting(d, (c, t, tf) => m.set(keyOf(c, t), (m.get(keyOf(c, t)) ?? 0) + tf));
  return m;
}

/** Score of each turn that satisfies one unit. */
function unitScores(unit: QueryUnit, postings: Map<string, Map<TurnKey, number>>, total: number) {
  const lists = unit.terms.map((t) => postings.get(t)!);
  const scores = new Map<TurnKey, number>();
  if (unit.mode === 'any') {
    for (const list of lists) {
      const w = idf(total, list.size);
      for (const [k, tf] of list) scores.set(k, Math.max(scores.get(k) ?? 0, w * saturate(tf)));
    }
    return scores;
  }
  const [first, ...rest] = [...lists].sort((a, b) => a.size - b.size);
  if (!first) return scores;
  for (const [k] of first) {
    if (!rest.every((l) => l.has(k))) continue;
    let s = 0;
    for (const l of lists) s += idf(total, l.size) * saturate(l.get(k)!);
    scores.set(k, s / lists.length);
  }
  return scores;
}

function matchTurns(query: HistoryQuery, postings: Map<string, Map<TurnKey, number>>, total: number) {
  const perUnit = query.units.map((u) => unitScores(u, postings, total)).sort((a, b) => a.size - b.size);
  const [first, ...rest] = perUnit;
  const out = new Map<TurnKey, number>();
  if (!first) return out;
  for (const [k, s] of first) {
    let sum = s;
    let all = true;
    for (const u of rest) {
      const v = u.get(k);
      if (v === undefined) {
        all = false;
        break;
      }
      sum += v;
    }
    if (!all) continue;
    out.set(k, sum);
  }
  return out;
}

interface Candidate {
  n: number;
  meta: ChatMeta;
  score: number;
  turns: { turn: number; score: number }[];
}

function rankChats(turns: Map<TurnKey, number>, meta: MetaCache, req: HistorySearchRequest, sites: Set<string>) {
  const byChat = new Map<number, { turn: number; score: number }[]>();
  for (const [k, s] of turns) {
    const n = chatOfKey(k);
    const m = meta.chats.get(n);
    if (!m) continue; // forgotten: its postings wait for the purge
    if (sites.size > 0 && !sites.has(m.site)) continue;
    if ((req.from !== undefined && m.at < req.from) || (req.to !== undefined && m.at > req.to)) continue;
    const list = byChat.get(n) ?? [];
    list.push({ turn: turnOfKey(k), score: s });
    byChat.set(n, list);
  }
  const now = Date.now();
  const out: Candidate[] = [];
  for (const [n, list] of byChat) {
    const m = meta.chats.get(n)!;
    list.sort((a, b) => b.score - a.score || a.turn - b.turn);
    out.push({ n, meta: m, turns: list, score: chatScore(list.map((t) => t.score)) * recencyFactor(m.at, now) });
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
  return {
    chatId: chat.id,
    site: chat.site,
    title: chat.title,
    url: chat.url,
    updatedAt: chat.updatedAt,
    turns: chat.turns.length,
    imported: chat.origin === 'imported',
    score: c.score,
    hits,
  };
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
  const postings = await readTerms(terms);
  const ranked = rankChats(matchTurns(query, postings, Math.max(1, meta.totalTurns)), meta, req, sites);
  const limit = req.limit ?? 50;
  const results: HistoryResult[] = [];
  const budget = query.phrases.length > 0 ? PHRASE_CHECK_CHATS : limit;
  let verified = 0;
  for (let i = 0; i < ranked.length && i < budget && results.length < limit; i += 25) {
    const slice = ranked.slice(i, Math.min(i + 25, budget));
    const chats = await db.chats.bulkGet(slice.map((c) => c.meta.id));
    slice.forEach((c, j) => {
      const chat = chats[j];
      const r = chat ? resultOf(c, chat, query) : null;
      if (r && results.length < limit) results.push(r);
      if (r) verified++;
    });
  }
  const total = query.phrases.length > 0 ? verified : ranked.length;
  return { results, total, pending, ms: performance.now() - started };
}
