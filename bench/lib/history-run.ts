/**
 * The measuring half of `bench:history`, the same code in Node (fake-indexeddb) and in
 * Chromium (its real IndexedDB, bench/lib/history-page.ts): import a generated ChatGPT export
 * through the product's reader, store and indexer while a second request (a search) is sent
 * every second to see how long the importer keeps it waiting, then the index size against the
 * text, and search times warm and for the first search after the kept chat numbers were dropped.
 */
import { db } from '../../lib/db/db';
import { storeImported } from '../../lib/db/history-import';
import { dropSearchCache, searchHistory } from '../../lib/db/history-search';
import { keepHistoryIndexed } from '../../lib/db/history-upkeep';
import { readExport } from '../../lib/history/import/read-export';
import { chatGptExport, historyQueries } from './history-corpus';
import { percentile } from './metrics';

export interface HistoryFigures {
  chats: number;
  exportMb: number;
  importS: number;
  /** A search sent every second during the import: how long each waited for its answer. */
  duringImport: { asked: number; p50: number; p95: number; max: number };
  /** The longest the event loop was held at once during the import (a 10 ms timer's lateness). */
  loopMaxMs: number;
  indexMb: number;
  textMb: number;
  ratio: number;
  rows: number;
  firstMs: number;
  warmP50: number;
  warmP95: number;
  warmMax: number;
  queries: number;
  withResults: number;
  /** The slowest warm searches, slowest first: what the p95 is made of. */
  slowest: { query: string; ms: number }[];
  /** JS heap, MB: before the import, right after the searches, and once search dropped what it keeps. */
  heap: { before: number; held: number; idle: number } | null;
}

/** The environment's JS heap in bytes after a full collection, where it can tell. */
export type HeapProbe = (() => Promise<number>) | null;

const now = () => performance.now();
/** A person searching while an import runs: once a second (each search costs CPU the import shares). */
const ASK_EVERY_MS = 1000;

/** Answers of a search sent every `everyMs` while `work` runs: the second message of the panel. */
async function whileAsking<T>(work: Promise<T>, everyMs: number) {
  const waits: number[] = [];
  let loopMax = 0;
  let done = false;
  const settled = work.finally(() => {
    done = true;
  });
  const loop = (async () => {
    let last = now();
    while (!done) {
      await new Promise((r) => setTimeout(r, 10));
      const t = now();
      loopMax = Math.max(loopMax, t - last - 10);
      last = t;
    }
  })();
  const asker = (async () => {
    while (!done) {
      await new Promise((r) => setTimeout(r, everyMs));
      if (done) break;
      const t = now();
      await searchHistory({ query: 'time', limit: 5 });
      waits.push(now() - t);
    }
  })();
  const result = await settled;
  await Promise.all([loop, asker]);
  return { result, waits, loopMax };
}

async function importFile(file: Blob, log: (line: string) => void) {
  const t0 = now();
  let lastReport = t0;
  const stats = await readExport(file, 'conversations.json', async (batch, p) => {
    await storeImported(batch);
    await keepHistoryIndexed();
    if (now() - lastReport > 10_000) {
      lastReport = now();
      log(`  … ${p.conversations} chats in ${((now() - t0) / 1000).toFixed(0)} s`);
    }
  });
  await keepHistoryIndexed();
  return { ms: now() - t0, stats };
}

async function sizes() {
  const enc = new TextEncoder();
  let text = 0;
  await db.chats.each((c) => {
    for (const t of c.turns) text += enc.encode(t.text).length;
  });
  let index = 0;
  let rows = 0;
  await db.hterms.each((r) => {
    index += r.d.byteLength + 16;
    rows++;
  });
  await db.hchats.each((r) => {
    index += enc.encode(r.id + r.site).length + 16 + r.h.length * 8;
  });
  return { text, index, rows };
}

async function timeSearches(queries: readonly string[]) {
  const times: number[] = [];
  let hits = 0;
  for (const q of queries) {
    const t = now();
    const r = await searchHistory({ query: q, limit: 20 });
    times.push(now() - t);
    if (r.results.length > 0) hits++;
  }
  return { times, hits };
}

/** The whole run on an empty store; `log` gets progress lines. */
export async function runHistoryBench(
  chats: number,
  log: (line: string) => void,
  heap: HeapProbe,
): Promise<HistoryFigures> {
  const before = heap ? await heap() : 0;
  const file = new Blob([chatGptExport(chats, 20).json]);
  log(`export: ${(file.size / 1e6).toFixed(1)} MB`);
  const { result, waits, loopMax } = await whileAsking(importFile(file, log), ASK_EVERY_MS);
  const s = await sizes();
  const queries = historyQueries(220);
  dropSearchCache();
  const first = await timeSearches(queries.slice(0, 1));
  const warm = await timeSearches(queries.slice(1));
  // The first 20 warm the caches (code, the chat numbers); the rest are what is measured.
  const t = warm.times.slice(20);
  const held = heap ? await heap() : 0;
  dropSearchCache();
  const idle = heap ? await heap() : 0;
  const mb = (b: number) => b / 1e6;
  return {
    heap: heap ? { before: mb(before), held: mb(held), idle: mb(idle) } : null,
    chats: result.stats.conversations,
    exportMb: file.size / 1e6,
    importS: result.ms / 1000,
    duringImport: {
      asked: waits.length,
      p50: percentile(waits, 50),
      p95: percentile(waits, 95),
      max: waits.length ? Math.max(...waits) : 0,
    },
    loopMaxMs: loopMax,
    indexMb: s.index / 1e6,
    textMb: s.text / 1e6,
    ratio: s.index / s.text,
    rows: s.rows,
    firstMs: first.times[0]!,
    warmP50: percentile(t, 50),
    warmP95: percentile(t, 95),
    warmMax: Math.max(...t),
    queries: t.length,
    slowest: queries
      .slice(21)
      .map((query, i) => ({ query, ms: t[i]! }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 8),
    withResults: warm.hits,
  };
}
