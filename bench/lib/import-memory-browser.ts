/**
 * The Chromium half of `bench:import-memory` (the product's figure): one tree's export reader
 * (lib/history/import/read-export.ts) bundled with esbuild into a routed page, the export zip
 * chosen through a file input as the panel's picker gives it (a File on disk, not in memory),
 * read with batches counted and dropped. Measured: the page's renderer process's peak resident
 * set (VmHWM in /proc) above its size before the read, and its JS heap sampled every 50 ms
 * through the DevTools protocol.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_BIN } from '../../tests/e2e/harness/paths';
import { pageScript } from './page-script';

export interface BrowserPeak {
  conversations: number;
  seconds: number;
  idleRssMb: number;
  peakRssMb: number;
  peakHeapMb: number;
}

const ORIGIN = 'https://import-memory-bench.test';
const MB = 1048576;

function readerScript(tree: string): Promise<string> {
  const reader = JSON.stringify(join(tree, 'lib/history/import/read-export.ts'));
  return pageScript({
    resolveDir: tree,
    contents: `import { readExport } from ${reader};
window.__read = async () => {
  const file = document.querySelector('input').files[0];
  const started = performance.now();
  const progress = await readExport(file, file.name, async () => {});
  return { conversations: progress.conversations, seconds: (performance.now() - started) / 1000 };
};`,
  });
}

function kb(status: string, field: string): number {
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
}

const statusOf = (pid: number) => readFileSync(`/proc/${pid}/status`, 'utf8');

export async function measureInChromium(tree: string, zipPath: string): Promise<BrowserPeak> {
  const script = await readerScript(tree);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_BIN,
    headless: false,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    await page.route(`${ORIGIN}/**`, (route) =>
      route.request().url().endsWith('/reader.js')
        ? route.fulfill({ contentType: 'text/javascript', body: script })
        : route.fulfill({
            contentType: 'text/html',
            body: '<!doctype html><input type="file"><script src="/reader.js"></script>',
          }),
    );
    await page.goto(`${ORIGIN}/`);
    await page.setInputFiles('input', zipPath);
    const system = await browser.newBrowserCDPSession();
    const { processInfo } = (await system.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; id: number }[];
    };
    const renderers = processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const idle = new Map(renderers.map((pid) => [pid, kb(statusOf(pid), 'VmRSS')]));
    let heap = 0;
    const timer = setInterval(() => {
      void cdp
        .send('Runtime.getHeapUsage')
        .then((h) => {
          heap = Math.max(heap, h.usedSize);
        })
        .catch(() => {});
    }, 50);
    const run = (await page.evaluate(() => (window as unknown as { __read: () => Promise<unknown> }).__read())) as {
      conversations: number;
      seconds: number;
    };
    clearInterval(timer);
    // The page's renderer is the one that grew; its high-water mark is the kernel's own peak.
    const grown = renderers
      .map((pid) => ({ pid, idle: idle.get(pid)!, peak: kb(statusOf(pid), 'VmHWM') }))
      .sort((a, b) => b.peak - b.idle - (a.peak - a.idle))[0]!;
    return {
      ...run,
      idleRssMb: (grown.idle * 1024) / MB,
      peakRssMb: ((grown.peak - grown.idle) * 1024) / MB,
      peakHeapMb: heap / MB,
    };
  } finally {
    await browser.close();
  }
}
