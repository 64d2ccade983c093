/**
 * 10,000 memories in the real panel (Chromium, 360 px): how long a keystroke takes from the
 * input event to painted results, how long a filter change takes, and how scrolling behaves
 * (rows in the DOM, frame times). Figures are printed, never asserted; what is asserted is
 * that the list stays virtualised and correct.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bigStoreFile } from './harness/big-store';
import { withPanel, writeJson } from './harness/panel';

const N = 10_000;
/** The list shows current memories: big-store.ts makes every 41st one expired (244 of 10,000). */
const isListed = (i: number) => i % 41 !== 0;
const CURRENT = Array.from({ length: N }, (_, i) => i).filter(isListed).length;
/** Tasks are every 4th from the third (TYPES in big-store.ts). */
const CURRENT_TASKS = Array.from({ length: N }, (_, i) => i).filter((i) => isListed(i) && i % 4 === 2).length;
const QUERIES = ['postgres', 'marathon training', 'detail 12', '成都', '钢琴课', '成都的房子'];

function stats(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => (s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? 0).toFixed(1);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (n=${s.length})`;
}

/**
 * Types `q` one character at a time. Per keystroke: input event → DOM updated (the search,
 * sort and Preact render, which run before the next task), and input event → the next frame
 * (what the eye sees; at least the wait for vsync).
 */
async function typeAndTime(panel: Page, q: string): Promise<{ dom: number[]; frame: number[] }> {
  return panel.evaluate(async (q) => {
    const input = document.querySelector<HTMLInputElement>('input[type="search"]');
    if (!input) throw new Error('no search box');
    const dom: number[] = [];
    const frame: number[] = [];
    for (let k = 0; k <= q.length; k++) {
      const t0 = performance.now();
      input.value = q.slice(0, k);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise<void>((r) => setTimeout(r, 0));
      const t1 = performance.now();
      await new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      if (k > 0) {
        dom.push(t1 - t0);
        frame.push(performance.now() - t0);
      }
    }
    return { dom, frame };
  }, q);
}

async function scrollAndTime(panel: Page): Promise<{ frames: number[]; maxRows: number }> {
  return panel.evaluate(async () => {
    const frames: number[] = [];
    let maxRows = 0;
    let last = performance.now();
    for (let i = 0; i < 120; i++) {
      window.scrollBy(0, 400);
      await new Promise<void>((r) => requestAnimationFrame(() => r()));
      const now = performance.now();
      frames.push(now - last);
      last = now;
      maxRows = Math.max(maxRows, document.querySelectorAll('.memory-list > li').length);
    }
    return { frames, maxRows };
  });
}

describe(`side panel with ${N} memories (Chromium)`, () => {
  let panel: Page;
  withPanel((p) => {
    panel = p;
  });

  it('imports, searches, filters and scrolls, printing the figures', async () => {
    const file = writeJson('big.json', bigStoreFile(N));
    const t0 = Date.now();
    await panel.getByLabel('Import memories').setInputFiles(file);
    await panel
      .getByRole('status')
      .filter({ hasText: `${N} added` })
      .waitFor({ timeout: 60_000 });
    await panel
      .getByRole('status')
      .filter({ hasText: `${CURRENT} memories` })
      .waitFor({ timeout: 30_000 });
    const importMs = Date.now() - t0;
    const rows = await panel.locator('.memory-list > li').count();
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(60);

    const dom: number[] = [];
    const frame: number[] = [];
    for (const q of QUERIES) {
      const t = await typeAndTime(panel, q);
      dom.push(...t.dom);
      frame.push(...t.frame);
    }
    await typeAndTime(panel, '钢琴课');
    await panel
      .getByRole('status')
      .filter({ hasText: `of ${CURRENT} memories` })
      .waitFor();
    const shown = await panel.locator('.result-count').textContent();
    await typeAndTime(panel, '');

    await panel.getByRole('button', { name: 'Filters' }).click();
    const f0 = Date.now();
    await panel.getByLabel('Type').selectOption('task');
    await panel
      .getByRole('status')
      .filter({ hasText: `${CURRENT_TASKS} of ${CURRENT}` })
      .waitFor();
    const filterMs = Date.now() - f0;
    await panel.getByRole('button', { name: 'Reset filters' }).click();

    const scroll = await scrollAndTime(panel);
    await panel.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await panel.locator(`.memory-list > li[aria-posinset="${CURRENT}"]`).waitFor();

    console.log(
      [
        `panel with ${N} memories, Chromium headless, 360 px:`,
        `  import through the panel: ${importMs} ms`,
        `  search per keystroke, ${QUERIES.length} queries EN+ZH, input → DOM updated: ${stats(dom)}`,
        `  search per keystroke, input → next frame painted: ${stats(frame)}`,
        `  "钢琴课" → ${shown}`,
        `  filter by type (select → count shown): ${filterMs} ms (includes Playwright round trips)`,
        `  scrolling 120 × 400 px: frame ${stats(scroll.frames)}; at most ${scroll.maxRows} rows in the DOM`,
      ].join('\n'),
    );
  });
});
