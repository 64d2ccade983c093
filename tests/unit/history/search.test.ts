/**
 * History search over the real index on fake-indexeddb: chats captured through the product's
 * capture path, indexed by the upkeep, searched by word, stem, Chinese word, quoted phrase and
 * site; forgotten chats leave search at once and their postings are purged.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { excludeChat, recordCapture } from '../../../lib/db/chats';
import { db } from '../../../lib/db/db';
import { mergeSegments } from '../../../lib/db/history-purge';
import { searchHistory } from '../../../lib/db/history-search';
import { keepHistoryIndexed } from '../../../lib/db/history-upkeep';
import { bucketEntries, bucketOf } from '../../../lib/history/buckets';
import { decodePostings } from '../../../lib/history/postings';
import type { SiteId } from '../../../lib/sites/ids';

async function capture(site: SiteId, id: string, turns: [string, string][]) {
  await recordCapture({
    site,
    conversationId: id,
    url: `https://example.test/${id}`,
    title: `Chat ${id}`,
    turns: turns.map(([role, text]) => ({ role: role as 'user' | 'assistant', text })),
  });
}

async function seed() {
  await capture('chatgpt', 'en-1', [
    ['user', 'How often should I feed my sourdough starter when it lives in the fridge?'],
    ['assistant', 'Feed a refrigerated starter about once a week: discard half, then feed it flour and water.'],
  ]);
  await capture('deepseek', 'zh-1', [
    ['user', '帮我做一个机器学习的学习计划，每天晚上九点以后有一个小时。'],
    ['assistant', '好的：第一周复习线性代数和概率论，第二周学习监督学习的基本算法。'],
  ]);
  await capture('claude', 'en-2', [
    ['user', 'Write a haiku about the quiet harbour at dawn.'],
    ['assistant', 'Grey gulls drift and call / the quiet harbour at dawn / nets dry on the stones'],
  ]);
  await keepHistoryIndexed();
}

const ids = async (query: string, extra = {}) =>
  (await searchHistory({ query, ...extra })).results.map((r) => r.chatId);

/** Every posting of a term, over all its bucket's segments. */
async function termPostings(term: string) {
  const rows = await db.hterms
    .where('[t+s]')
    .between([bucketOf(term), 0], [bucketOf(term), Number.MAX_SAFE_INTEGER])
    .toArray();
  return rows.flatMap((r) => [...bucketEntries(r.d)].filter(([t]) => t === term).flatMap(([, p]) => decodePostings(p)));
}

async function postingsOf(n: number): Promise<number> {
  let count = 0;
  for (const row of await db.hterms.toArray()) {
    for (const [, p] of bucketEntries(row.d)) count += decodePostings(p).filter((x) => x.chat === n).length;
  }
  return count;
}

describe('history search', () => {
  beforeEach(seed);

  it('finds an English chat by a word in another form (stem), marking the hit in the snippet', async () => {
    const res = await searchHistory({ query: 'feeding' });
    expect(res.results.map((r) => r.chatId)).toEqual(['chatgpt:en-1']);
    const hits = res.results[0]!.hits;
    expect(hits.map((h) => h.turn).sort()).toEqual([0, 1]);
    for (const h of hits) expect(h.snippet.filter((p) => p.hit).map((p) => p.text.toLowerCase())).toContain('feed');
    expect(hits.flatMap((h) => h.snippet.map((p) => p.text)).join('')).toContain('sourdough');
  });

  it('finds a Chinese chat by a Chinese word, and not by a word it lacks', async () => {
    expect(await ids('学习计划')).toEqual(['deepseek:zh-1']);
    expect(await ids('线性代数')).toEqual(['deepseek:zh-1']);
    expect(await ids('深度学习')).toEqual([]);
  });

  it('needs every word in one turn', async () => {
    expect(await ids('sourdough haiku')).toEqual([]);
    expect(await ids('starter fridge')).toEqual(['chatgpt:en-1']);
  });

  it('matches a quoted phrase only where it occurs verbatim', async () => {
    expect(await ids('"quiet harbour at dawn"')).toEqual(['claude:en-2']);
    expect(await ids('"dawn harbour quiet"')).toEqual([]);
    expect(await ids('"第二周学习"')).toEqual(['deepseek:zh-1']);
  });

  it('filters by site: in the query and by the sites field', async () => {
    expect(await ids('quiet site:chatgpt')).toEqual([]);
    expect(await ids('quiet site:claude')).toEqual(['claude:en-2']);
    expect(await ids('quiet', { sites: ['chatgpt'] })).toEqual([]);
  });

  it('renders markup in a turn as text pieces, never as HTML', async () => {
    await capture('gemini', 'x-1', [['user', '<img src=x onerror=alert(1)> tell me about zebras']]);
    await keepHistoryIndexed();
    const res = await searchHistory({ query: 'zebras' });
    const text = res.results[0]!.hits[0]!.snippet.map((p) => p.text).join('');
    expect(text).toContain('<img src=x onerror=alert(1)>');
  });

  it('indexes only the new turns when a chat grows, and a changed turn under a new number', async () => {
    const segmentsBefore = new Set((await db.hterms.toArray()).map((r) => r.s)).size;
    await capture('chatgpt', 'en-1', [
      ['user', 'How often should I feed my sourdough starter when it lives in the fridge?'],
      ['assistant', 'Feed a refrigerated starter about once a week: discard half, then feed it flour and water.'],
      ['user', 'What about rye flour?'],
    ]);
    await keepHistoryIndexed();
    expect(await termPostings('rye')).toEqual([{ chat: 1, turn: 2, tf: 1 }]);
    // The first two turns were not indexed again: "sourdough" still has its one posting.
    expect(await termPostings('sourdough')).toHaveLength(1);
    expect(new Set((await db.hterms.toArray()).map((r) => r.s)).size).toBe(segmentsBefore + 1);

    // An edited first message: the page is the truth, the old text leaves search.
    await capture('chatgpt', 'en-1', [['user', 'How do I keep a levain alive on holiday?']]);
    await keepHistoryIndexed();
    expect(await ids('sourdough')).toEqual([]);
    expect(await ids('levain')).toEqual(['chatgpt:en-1']);
    // The old text's terms that the new text shares are purged at once; the rest at the next merge.
    expect(await postingsOf(1)).toBeGreaterThan(0);
    expect(await mergeSegments(true)).toBe(true);
    expect(await postingsOf(1)).toBe(0);
    expect(await ids('levain')).toEqual(['chatgpt:en-1']);
  });

  it('"don\'t remember" takes a chat out of search and purges its postings', async () => {
    const n = (await db.hchats.where('id').equals('deepseek:zh-1').first())!.n;
    expect(await postingsOf(n)).toBeGreaterThan(20);
    await excludeChat('deepseek', 'zh-1', 'https://example.test/zh-1');
    expect(await ids('学习计划')).toEqual([]);
    await keepHistoryIndexed();
    expect(await postingsOf(n)).toBe(0);
    expect(await db.hdead.count()).toBe(0);
  });
});
