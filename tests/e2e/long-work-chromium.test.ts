/**
 * Long work in the real panel (Chromium): importing 20,000 memories shows a progress bar with
 * counts while it runs, the import controls are disabled and the background refuses a second
 * run; a cancelled import changes nothing. Prints the import time and how many progress
 * reports the panel received, per phase (figures, never asserted as times).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bigStoreFile } from './harness/big-store';
import { openMoreActions, withPanel, writeJson } from './harness/panel';

const N = 20_000;

interface Seen {
  at: number;
  phase: string;
  done: number;
  total: number;
  state: string;
}

/** Records every progress event the panel page receives, as the panel's own model does. */
async function listen(panel: Page): Promise<void> {
  await panel.evaluate(() => {
    const w = window as unknown as {
      seen: Seen[];
      chrome: { runtime: { onMessage: { addListener(f: (m: unknown) => void): void } } };
    };
    w.seen = [];
    w.chrome.runtime.onMessage.addListener((m) => {
      const msg = m as { type?: string; progress?: Seen };
      if (msg.type === 'work.progress' && msg.progress) w.seen.push({ ...msg.progress, at: performance.now() });
    });
  });
}

const seen = (panel: Page) => panel.evaluate(() => (window as unknown as { seen: Seen[] }).seen);

async function askRaw(panel: Page, type: string, payload: unknown): Promise<{ ok: boolean; error?: { code: string } }> {
  return panel.evaluate(
    ([t, p]) =>
      (
        window as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<never> } } }
      ).chrome.runtime.sendMessage({ type: t, payload: p }),
    [type, payload] as const,
  );
}

function byPhase(events: Seen[]): string {
  const phases = new Map<string, { n: number; first: number; last: number; total: number }>();
  for (const e of events) {
    const p = phases.get(e.phase) ?? { n: 0, first: e.at, last: e.at, total: e.total };
    p.n++;
    p.last = e.at;
    p.total = Math.max(p.total, e.total);
    phases.set(e.phase, p);
  }
  return [...phases]
    .map(
      ([phase, p]) =>
        `${phase} ${p.n} reports over ${Math.round(p.last - p.first)} ms${p.total ? ` (total ${p.total})` : ''}`,
    )
    .join('; ');
}

describe(`long work: importing ${N} memories (Chromium)`, () => {
  let panel: Page;
  withPanel((p) => {
    panel = p;
  });

  it('shows progress with counts, refuses a second run, and finishes', async () => {
    await listen(panel);
    const file = writeJson('big.json', bigStoreFile(N));
    const t0 = Date.now();
    await panel.getByLabel('Import memories').setInputFiles(file);
    const bar = panel.getByRole('progressbar', { name: 'Importing memories' });
    await bar.waitFor();
    await openMoreActions(panel);
    expect(await panel.getByRole('button', { name: 'Export memories' }).isDisabled()).toBe(true);
    expect(await panel.getByLabel('Import memories').isDisabled()).toBe(true);
    const second = await askRaw(panel, 'transfer.import', { text: '[]' });
    expect(second).toMatchObject({ ok: false, error: { code: 'busy' } });
    const restore = await askRaw(panel, 'backups.restore', { id: 'nope' });
    expect(restore).toMatchObject({ ok: false, error: { code: 'busy' } });
    await panel
      .getByRole('status')
      .filter({ hasText: `${N} added` })
      .waitFor({ timeout: 90_000 });
    const importMs = Date.now() - t0;
    await bar.waitFor({ state: 'detached' });
    expect(await panel.getByLabel('Import memories').isDisabled()).toBe(false);

    const events = await seen(panel);
    const counted = events.filter((e) => e.total > 0 && e.state === 'running');
    expect(counted.length).toBeGreaterThan(5);
    const writes = counted.filter((e) => e.phase === 'write').map((e) => e.done);
    expect(writes).toEqual([...writes].sort((a, b) => a - b));
    expect(events.at(-1)).toMatchObject({ state: 'done' });
    console.log(
      [
        `import of ${N} memories through the panel: ${importMs} ms until the report`,
        `  progress reports received by the panel: ${events.length}; ${byPhase(events)}`,
      ].join('\n'),
    );
  });

  it('a cancelled import changes nothing', async () => {
    await listen(panel);
    const other = bigStoreFile(N);
    // The list counts current memories: the first file's, less its expired ones.
    const current = bigStoreFile(N).memories.filter((m) => m.status !== 'expired').length;
    other.memories = other.memories.map((m, i) => ({ ...m, id: `other-${i}`, content: `Other ${m.content}` }));
    await panel.getByLabel('Import memories').setInputFiles(writeJson('other.json', other));
    await panel.getByRole('button', { name: 'Cancel: Importing memories' }).click({ timeout: 60_000 });
    await panel
      .getByRole('status')
      .filter({ hasText: 'Importing memories: cancelled. Nothing was changed.' })
      .waitFor({ timeout: 60_000 });
    await expect
      .poll(() =>
        panel
          .getByRole('status')
          .filter({ hasText: `${current} memories` })
          .count(),
      )
      .toBeGreaterThan(0);
    const count = await panel.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('claude-mem');
          open.onsuccess = () => {
            const req = open.result.transaction('memories').objectStore('memories').count();
            req.onsuccess = () => resolve(req.result);
          };
        }),
    );
    expect(count).toBe(N);
    const events = await seen(panel);
    console.log(
      `cancelled import: ${events.length} reports, ended ${events.at(-1)?.state} in phase ${events.at(-2)?.phase}`,
    );
  });
});
