/**
 * `npm run bench:history`: chat history at scale on fake-indexeddb in Node. A generated corpus
 * of 5,000 chats, 100,000 turns and about 60 million characters, half English, half Chinese, is
 * written as a ChatGPT-format `conversations.json` (message trees, one edited branch per chat),
 * imported through the product's streaming reader, store and indexer, then searched.
 * Prints: import time, index size against the text, search p50/p95 warm and the first search
 * after the chat numbers were dropped, and the heap the search keeps between searches.
 * Run with `node --expose-gc` (the npm script does). Options: --chats N (default 5000).
 */
import 'fake-indexeddb/auto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { db } from '../lib/db/db';
import { storeImported } from '../lib/db/history-import';
import { dropSearchCache, searchHistory } from '../lib/db/history-search';
import { keepHistoryIndexed } from '../lib/db/history-upkeep';
import { readExport } from '../lib/history/import/read-export';
import { chatGptExport, historyQueries } from './lib/history-corpus';
import { percentile } from './lib/metrics';

const { values } = parseArgs({ options: { chats: { type: 'string', default: '5000' } } });
const CHATS = Number(values.chats);
const TURNS = 20;

function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

async function importFile(file: Blob) {
  const t0 = performance.now();
  let lastReport = t0;
  const stats = await readExport(file, 'conversations.json', async (batch, p) => {
    await storeImported(batch);
    await keepHistoryIndexed();
    if (performance.now() - lastReport > 5000) {
      lastReport = performance.now();
      console.log(`  … ${p.conversations} chats, ${(p.done / 1e6).toFixed(0)} of ${(p.total / 1e6).toFixed(0)} MB`);
    }
  });
  await keepHistoryIndexed();
  return { ms: performance.now() - t0, stats };
}

async function sizes() {
  const enc = new TextEncoder();
  let textUtf8 = 0;
  let textChars = 0;
  await db.chats.each((c) => {
    for (const t of c.turns) {
      textUtf8 += enc.encode(t.text).length;
      textChars += t.text.length;
    }
  });
  let postings = 0;
  let keys = 0;
  let rows = 0;
  await db.hterms.each((r) => {
    postings += r.d.byteLength;
    keys += 16;
    rows++;
  });
  let chatRows = 0;
  await db.hchats.each((r) => {
    chatRows += enc.encode(r.id + r.site).length + 16 + r.h.length * 8;
  });
  return { textUtf8, textChars, postings, keys, rows, chatRows, index: postings + keys + chatRows };
}

async function searches(queries: string[]) {
  const times: number[] = [];
  let hits = 0;
  for (const q of queries) {
    const t = performance.now();
    const r = await searchHistory({ query: q, limit: 20 });
    times.push(performance.now() - t);
    if (r.results.length > 0) hits++;
  }
  return { times, hits };
}

async function main() {
  console.log(`generating ${CHATS} chats × ${TURNS} turns …`);
  const { json, chars } = chatGptExport(CHATS, TURNS);
  const file = new Blob([json]);
  console.log(`export: ${(file.size / 1e6).toFixed(1)} MB, ${(chars / 1e6).toFixed(1)} M characters of message text`);
  const heapBefore = heapMb();
  const imported = await importFile(file);
  console.log(
    `import: ${(imported.ms / 1000).toFixed(1)} s for ${imported.stats.conversations} chats (${imported.stats.skipped} skipped)`,
  );
  const s = await sizes();
  console.log(
    `index: ${(s.index / 1e6).toFixed(1)} MB (postings ${(s.postings / 1e6).toFixed(1)}, term keys ${(s.keys / 1e6).toFixed(1)} in ${s.rows} rows, chats ${(s.chatRows / 1e6).toFixed(2)})`,
  );
  console.log(
    `text: ${(s.textUtf8 / 1e6).toFixed(1)} MB UTF-8, ${((s.textChars * 2) / 1e6).toFixed(1)} MB UTF-16; index/text = ${(s.index / s.textUtf8).toFixed(2)}× (UTF-8), ${(s.index / (s.textChars * 2)).toFixed(2)}× (UTF-16)`,
  );
  const queries = historyQueries(220);
  dropSearchCache();
  const first = await searches(queries.slice(0, 1));
  const heapIdle = heapMb();
  const warm = await searches(queries.slice(1));
  const heapHeld = heapMb();
  const t = warm.times.slice(20);
  console.log(`first search (chat numbers dropped): ${first.times[0]!.toFixed(1)} ms`);
  console.log(
    `warm search over ${t.length} queries (${warm.hits} with results): p50 ${percentile(t, 50).toFixed(1)} ms, p95 ${percentile(t, 95).toFixed(1)} ms, max ${Math.max(...t).toFixed(1)} ms`,
  );
  dropSearchCache();
  const heapDropped = heapMb();
  console.log(
    `heap: ${(heapHeld - heapDropped).toFixed(1)} MB kept by search for a minute after the last one, then dropped; store (fake-indexeddb, in this process) ${(heapIdle - heapBefore).toFixed(0)} MB`,
  );
}

await main();
