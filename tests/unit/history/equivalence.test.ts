/**
 * Relevance does not change silently: search over the index returns exactly what a plain scan
 * of every stored turn returns (the same terms, the same BM25 parts, the same chat score and
 * recency), chat ids in order, the turns shown, and the totals, for words, stems, Chinese
 * words and single characters, quoted phrases, `site:` filters and date ranges, before and
 * after deletes, "don't remember" and a chat that grew. A generated corpus with a small
 * vocabulary, so most queries hit many chats and many turns, and with several segments.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteChats } from '../../../lib/db/chat-delete';
import { excludeChat, recordCapture } from '../../../lib/db/chats';
import { db } from '../../../lib/db/db';
import { storeImported } from '../../../lib/db/history-import';
import { searchHistory } from '../../../lib/db/history-search';
import { keepHistoryIndexed } from '../../../lib/db/history-upkeep';
import type { ImportedConversation } from '../../../lib/history/import/types';
import { type HistoryQuery, parseQuery } from '../../../lib/history/query';
import type { HistorySearchRequest } from '../../../lib/history/schemas';
import { chatScore, idf, recencyFactor, saturate } from '../../../lib/history/score';
import { holdsPhrases } from '../../../lib/history/snippet';
import { termCounts } from '../../../lib/history/terms';
import type { Chat } from '../../../lib/memory/types';
import type { SiteId } from '../../../lib/sites/ids';

const NOW = Date.parse('2026-06-01T00:00:00Z');
const EN =
  'garden feeding feeds starter sourdough harbour quiet dawn river budget flight hotel invoice python server lives life'.split(
    ' ',
  );
const ZH = '学习 计划 机器 线性 代数 概率 晚上 咖啡 成都 北京 搬家 周末 预算'.split(' ');
const SITES: SiteId[] = ['chatgpt', 'claude', 'deepseek', 'gemini'];

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (Math.imul(a, 1_664_525) + 1_013_904_223) >>> 0;
    return a / 4_294_967_296;
  };
}

function corpus(n: number): ImportedConversation[] {
  const r = rng(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)]!;
  return Array.from({ length: n }, (_, c) => {
    const zh = c % 3 === 2;
    const turns = Array.from({ length: 2 + Math.floor(r() * 5) }, (_, i) => {
      const words = Array.from({ length: 4 + Math.floor(r() * 12) }, () => pick(zh ? ZH : EN));
      // Some turns hold a fixed phrase, some its words in another order.
      if (i === 1 && c % 4 === 0) words.push(zh ? '第二周学习' : 'quiet harbour at dawn');
      if (i === 1 && c % 4 === 1) words.push(zh ? '学习第二周' : 'dawn at harbour quiet');
      return {
        role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
        text: words.join(zh ? '' : ' '),
        at: null,
      };
    });
    const at = new Date(NOW - (c * 3 + 1) * 86_400_000).toISOString();
    return {
      site: SITES[c % SITES.length]!,
      conversationId: `c${c}`,
      title: `Chat ${c}`,
      url: `https://x.test/${c}`,
      createdAt: at,
      updatedAt: at,
      turns,
    };
  });
}

/** The search done the plain way: every turn of every stored chat, no index. */
async function reference(req: HistorySearchRequest) {
  const query: HistoryQuery = parseQuery(req.query);
  const sites = new Set<string>([...(req.sites ?? []), ...query.sites]);
  const chats = (await db.chats.toArray()).filter((c) => c.state !== 'excluded' && c.turns.length > 0);
  const turns: { chat: Chat; turn: number; counts: Map<string, number> }[] = [];
  for (const chat of chats) {
    for (const [turn, t] of chat.turns.entries()) turns.push({ chat, turn, counts: termCounts(t.text) });
  }
  const df = (term: string) => turns.filter((t) => t.counts.has(term)).length;
  const total = Math.max(1, turns.length);
  const scoreOf = (counts: Map<string, number>): number | null => {
    let sum = 0;
    for (const unit of query.units) {
      const present = unit.terms.filter((t) => counts.has(t));
      if (unit.mode === 'all' && present.length < unit.terms.length) return null;
      if (present.length === 0) return null;
      const parts = unit.terms.map((t) => (counts.has(t) ? idf(total, df(t)) * saturate(counts.get(t)!) : 0));
      sum += unit.mode === 'any' ? Math.max(...parts) : parts.reduce((a, b) => a + b, 0) / parts.length;
    }
    return sum;
  };
  const byChat = new Map<Chat, { turn: number; score: number }[]>();
  for (const t of query.units.length ? turns : []) {
    const at = Date.parse(t.chat.updatedAt);
    if (sites.size > 0 && !sites.has(t.chat.site)) continue;
    if ((req.from !== undefined && at < req.from) || (req.to !== undefined && at > req.to)) continue;
    const s = scoreOf(t.counts);
    if (s !== null) byChat.set(t.chat, [...(byChat.get(t.chat) ?? []), { turn: t.turn, score: s }]);
  }
  const ranked = [...byChat].map(([chat, list]) => {
    list.sort((a, b) => b.score - a.score || a.turn - b.turn);
    const at = Date.parse(chat.updatedAt);
    const hits = list.filter((h) => holdsPhrases(chat.turns[h.turn]!.text, query)).map((h) => h.turn);
    return { chat, at, hits: hits.slice(0, 3), score: chatScore(list.map((h) => h.score)) * recencyFactor(at, NOW) };
  });
  ranked.sort((a, b) => b.score - a.score || b.at - a.at);
  const shown = ranked.filter((c) => c.hits.length > 0);
  return {
    ids: shown.slice(0, req.limit ?? 50).map((c) => c.chat.id),
    hits: shown.slice(0, req.limit ?? 50).map((c) => c.hits),
    scores: shown.slice(0, req.limit ?? 50).map((c) => c.score),
    total: query.phrases.length > 0 ? shown.length : ranked.length,
  };
}

const QUERIES: HistorySearchRequest[] = [
  { query: 'garden' },
  { query: 'feeding' },
  { query: 'life' },
  { query: 'garden budget' },
  { query: 'python server hotel' },
  { query: 'nothinglikethis' },
  { query: '学习' },
  { query: '学习计划' },
  { query: '线性代数 周末' },
  { query: '学' },
  { query: '"quiet harbour at dawn"' },
  { query: '"第二周学习"' },
  { query: '"harbour quiet"' },
  { query: 'quiet site:claude' },
  { query: 'garden', sites: ['chatgpt', 'gemini'] },
  { query: '咖啡 site:deepseek' },
  { query: 'river', from: NOW - 60 * 86_400_000, to: NOW - 10 * 86_400_000 },
  { query: 'garden', limit: 5 },
];

async function expectSame() {
  for (const req of QUERIES) {
    const want = await reference(req);
    const got = await searchHistory(req);
    const label = JSON.stringify(req);
    expect(
      got.results.map((r) => r.chatId),
      label,
    ).toEqual(want.ids);
    expect(
      got.results.map((r) => r.hits.map((h) => h.turn)),
      label,
    ).toEqual(want.hits);
    for (const [i, r] of got.results.entries()) expect(r.score, label).toBeCloseTo(want.scores[i]!, 9);
    expect(got.total, label).toBe(want.total);
  }
}

describe('history search equals a plain scan of every turn', () => {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  });
  afterAll(() => {
    vi.useRealTimers();
  });
  // The store is emptied before each test (tests/unit/setup.ts).
  beforeEach(async () => {
    const all = corpus(160);
    // Several imports, so the index has several segments as after a real import.
    for (let i = 0; i < all.length; i += 40) {
      await storeImported(all.slice(i, i + 40));
      await keepHistoryIndexed();
    }
  });

  it('holds on the imported corpus (queries with many matches, phrases, site, dates)', async () => {
    expect((await reference({ query: 'garden' })).total).toBeGreaterThan(50);
    await expectSame();
  });

  it('holds after deletes, "don\'t remember" and a chat that grew, right away and once the index caught up', async () => {
    await deleteChats(['chatgpt:c0', 'claude:c5', 'deepseek:c10']);
    await excludeChat('gemini', 'c3', 'https://x.test/3');
    // Before the index caught up, forgotten chats are already out of results.
    for (const req of QUERIES) {
      const found = (await searchHistory(req)).results.map((r) => r.chatId);
      for (const id of ['chatgpt:c0', 'claude:c5', 'deepseek:c10', 'gemini:c3']) expect(found).not.toContain(id);
    }
    // Only the purge runs here: what searches kept from before it must not outlive it.
    await keepHistoryIndexed();
    await expectSame();
    await recordCapture({
      site: 'claude',
      conversationId: 'fresh',
      url: 'https://x.test/fresh',
      title: 'fresh',
      turns: [
        { role: 'user', text: 'garden garden budget quiet harbour at dawn' },
        { role: 'assistant', text: '学习计划 咖啡' },
      ],
    });
    await keepHistoryIndexed();
    await expectSame();
  });
});
