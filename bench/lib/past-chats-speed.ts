/**
 * The timing half of `bench:past-chats`, the same code in Node (fake-indexeddb) and in Chromium
 * (its real IndexedDB, bench/lib/past-chats-page.ts): the history bench's generated corpus
 * imported through the product's reader, store and indexer, then sentence-long requests, each
 * given the excerpts a conversation start would get (any site, no space): the time this adds to
 * the ranked preview.
 */
import { storeImported } from '../../lib/db/history-import';
import { keepHistoryIndexed } from '../../lib/db/history-upkeep';
import { findPastChatExcerpts } from '../../lib/db/past-chats';
import { MIN_COVERAGE } from '../../lib/history/excerpts';
import { readExport } from '../../lib/history/import/read-export';
import { chatGptExport } from './history-corpus';
import { percentile } from './metrics';
import { mulberry32 } from './seeded';

export interface SpeedFigures {
  chats: number;
  indexS: number;
  requests: number;
  first: number;
  p50: number;
  p95: number;
  max: number;
  withExcerpts: number;
}

/** Sentence-long requests over the corpus's vocabulary: English words, Chinese runs. */
function requests(n: number, corpusText: string): string[] {
  const random = mulberry32(11);
  const en = [...new Set(corpusText.match(/[a-z]{3,}/g) ?? [])];
  const zh = corpusText.match(/[\u4e00-\u9fff]{4,12}/g) ?? [];
  return Array.from({ length: n }, (_, i) => {
    if (i % 2 === 1 && zh.length > 0) return `请帮我看看${zh[Math.floor(random() * zh.length)]}的问题`;
    const words = Array.from({ length: 6 }, () => en[Math.floor(random() * en.length)]);
    return `Can you help me with ${words.join(' ')}?`;
  });
}

/** On an empty store. */
export async function runPastChatsSpeed(chats: number): Promise<SpeedFigures> {
  const corpus = chatGptExport(chats, 20);
  const t0 = performance.now();
  await readExport(new Blob([corpus.json]), 'conversations.json', async (batch) => {
    await storeImported(batch);
    await keepHistoryIndexed();
  });
  await keepHistoryIndexed();
  const indexS = (performance.now() - t0) / 1000;
  const qs = requests(220, corpus.json.slice(0, 2_000_000));
  const times: number[] = [];
  let given = 0;
  for (const q of qs) {
    const t = performance.now();
    const r = await findPastChatExcerpts({
      draft: q,
      site: 'chatgpt',
      source: 'any-site',
      spaceAllowed: () => true,
      excludedSites: new Set(),
      privacyPatterns: [],
      floor: MIN_COVERAGE,
    });
    times.push(performance.now() - t);
    if (r.length > 0) given++;
  }
  // The first 20 warm the code and the chat numbers; the rest are what is measured.
  const warm = times.slice(20);
  return {
    chats,
    indexS,
    requests: warm.length,
    first: times[0]!,
    p50: percentile(warm, 50),
    p95: percentile(warm, 95),
    max: Math.max(...warm),
    withExcerpts: given,
  };
}
