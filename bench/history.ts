/**
 * `npm run bench:history [-- --chats N --only chromium|node]`: chat history at scale. A
 * generated corpus (bench/lib/history-corpus.ts: seeded, 5,000 chats, 100,000 turns, about 60
 * million characters, half English, half Chinese) is written as a ChatGPT-format export,
 * imported through the product's streaming reader, store and indexer, then searched
 * (bench/lib/history-run.ts). It runs twice: in Debian's Chromium on its real IndexedDB (the
 * product's figure; a page bundled from the same code, through `flock /tmp/browser.lock`, as
 * every browser run here) and in Node on fake-indexeddb (secondary: far slower, and its store
 * sits in the process's own heap). Prints one table with both; asserts nothing.
 */
// Node's half only: Chromium runs its own IndexedDB in the page.
import 'fake-indexeddb/auto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_BIN, freshDir, ROOT } from '../tests/e2e/harness/paths';
import { table } from './lib/cli';
import type { HistoryFigures } from './lib/history-run';
import { pageScript } from './lib/page-script';

const { values } = parseArgs({
  options: {
    chats: { type: 'string', default: '5000' },
    only: { type: 'string' },
    /** Writes a CPU profile of the Chromium page (DevTools format) to this file. */
    profile: { type: 'string' },
  },
});
const CHATS = Number(values.chats);
const ORIGIN = 'https://history-bench.test';

async function inNode(): Promise<HistoryFigures> {
  const { runHistoryBench } = await import('./lib/history-run');
  const heap = async () => {
    (globalThis as { gc?: () => void }).gc?.();
    return process.memoryUsage().heapUsed;
  };
  return runHistoryBench(CHATS, (line) => console.log(`[node] ${line}`), heap);
}

async function inChromium(): Promise<HistoryFigures> {
  const script = await pageScript('history-page.ts');
  const context = await chromium.launchPersistentContext(freshDir('history-bench'), {
    executablePath: CHROMIUM_BIN,
    headless: false,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    await context.route(`${ORIGIN}/**`, (route) =>
      route.request().url().endsWith('/bench.js')
        ? route.fulfill({ contentType: 'text/javascript', body: script })
        : route.fulfill({ contentType: 'text/html', body: '<!doctype html><script src="/bench.js"></script>' }),
    );
    const page = await context.newPage();
    page.on('console', (m) => console.log(`[chromium] ${m.text()}`));
    const cdp = await context.newCDPSession(page);
    await page.exposeFunction('__heapUsed', async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    });
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => window.__historyBench !== undefined);
    if (values.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
      await cdp.send('Profiler.start');
    }
    const figures = await page.evaluate((n) => window.__historyBench.run(n), CHATS);
    if (values.profile) writeFileSync(values.profile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    return figures;
  } finally {
    await context.close();
  }
}

const ms = (v: number) => `${v.toFixed(0)} ms`;

function rows(runs: readonly (HistoryFigures | null)[]): string[][] {
  const col = (f: (r: HistoryFigures) => string) => runs.map((r) => (r ? f(r) : '—'));
  return [
    ['chats imported (export MB)', ...col((r) => `${r.chats} (${r.exportMb.toFixed(0)} MB)`), ''],
    ['import', ...col((r) => `${r.importS.toFixed(1)} s`), '≤ 60 s'],
    [
      'a search sent during the import: p50 / p95 / max wait',
      ...col((r) => `${ms(r.duringImport.p50)} / ${ms(r.duringImport.p95)} / ${ms(r.duringImport.max)}`),
      'answered',
    ],
    ['longest the event loop was held during the import', ...col((r) => ms(r.loopMaxMs)), ''],
    [
      'index size / text (UTF-8)',
      ...col((r) => `${r.indexMb.toFixed(1)} / ${r.textMb.toFixed(1)} MB = ${r.ratio.toFixed(2)}×`),
      '≤ 1.5×',
    ],
    ['first search after the chat numbers were dropped', ...col((r) => ms(r.firstMs)), '≤ 500 ms'],
    [
      `warm search p50 / p95 / max`,
      ...col((r) => `${r.warmP50.toFixed(1)} / ${r.warmP95.toFixed(1)} / ${r.warmMax.toFixed(0)} ms`),
      '≤ 100 ms p95',
    ],
    ['queries with results', ...col((r) => `${r.withResults} of ${r.queries + 20}`), ''],
    [
      'JS heap: before import / after searches / search dropped its cache',
      ...col((r) =>
        r.heap ? `${r.heap.before.toFixed(0)} / ${r.heap.held.toFixed(0)} / ${r.heap.idle.toFixed(0)} MB` : '—',
      ),
      'flat',
    ],
  ];
}

async function main() {
  const only = values.only;
  const version = JSON.parse(readFileSync(join(ROOT, 'node_modules/playwright-core/package.json'), 'utf8')).version;
  const browser = only === 'node' ? null : await inChromium();
  const node = only === 'chromium' ? null : await inNode();
  console.log(`\n${CHATS} chats × 20 turns; Chromium ${CHROMIUM_BIN} driven by playwright-core ${version}`);
  console.log(
    table(['figure', 'Chromium IndexedDB (product)', 'Node fake-indexeddb', 'target'], rows([browser, node])),
  );
  for (const [name, r] of [
    ['Chromium', browser],
    ['Node', node],
  ] as const) {
    if (r)
      console.log(
        `slowest warm searches, ${name}: ${r.slowest.map((s) => `${s.query} ${s.ms.toFixed(0)} ms`).join(' · ')}`,
      );
  }
}

await main();
