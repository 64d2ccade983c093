/**
 * "Bring in memories" in the real panel (Chromium): a pasted ChatGPT memory list previewed
 * with guessed types, one item unticked and one retyped, committed at once and undone; a
 * Markdown file and a Chinese list read into the same preview; a large export read off the
 * panel's thread with a bar in bytes, then cancelled while it is still being read.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readStore } from './harness/extension-calls';
import { memoriesAction, withPanel } from './harness/panel';
import { freshDir, ROOT } from './harness/paths';

const FIXTURES = join(ROOT, 'tests/fixtures/bring-in');
const active = async (panel: Page) =>
  (await readStore<{ content: string; type: string; status: string }>(panel, 'memories')).filter(
    (m) => m.status === 'active',
  );

/** A mem0 export of about 19 MB (the limit is 20 MB): 66,000 memories, of which 2,000 are kept. */
function largeExport(): string {
  const results = Array.from({ length: 66_000 }, (_, i) => ({
    id: `m${i}`,
    memory: `Keeps seedlings of tomato variety number ${i} on the east balcony of the flat`,
    categories: ['hobbies'],
    metadata: { source: 'garden-log', note: 'x'.repeat(90) },
    created_at: '2025-04-02T10:00:00Z',
  }));
  const path = `${freshDir('bring-in')}/mem0-large.json`;
  writeFileSync(path, JSON.stringify({ results }));
  return path;
}

describe('Bring in memories (Chromium)', () => {
  let panel: Page;
  withPanel((p) => {
    panel = p;
  });

  it('previews a pasted ChatGPT list, commits the ticked items with the chosen types, and undoes it', async () => {
    await memoriesAction(panel, 'Bring in memories');
    const dialog = panel.getByRole('region', { name: 'Bring in memories' });
    await dialog.getByLabel('Paste text').fill(readFileSync(join(FIXTURES, 'chatgpt-memories.txt'), 'utf8'));
    await dialog.getByRole('button', { name: 'Read' }).click();
    await dialog.getByText('8 memories found in the pasted text').waitFor();
    const rows = dialog.getByRole('list', { name: 'Memories to bring in' }).getByRole('listitem');
    await expect.poll(() => rows.filter({ hasText: 'new' }).count()).toBe(8);
    const budget = rows.filter({ hasText: 'Has a budget' });
    await budget.getByRole('checkbox').uncheck();
    const peanuts = rows.filter({ hasText: 'allergic to peanuts' });
    expect(await peanuts.getByLabel('Importance').inputValue()).toBe('5');
    await peanuts.getByLabel('Type').selectOption('preference');
    await dialog.getByRole('button', { name: 'Bring in 7 memories' }).click();
    await panel.getByRole('status').filter({ hasText: 'Brought in: 7 added' }).waitFor();
    const stored = await active(panel);
    expect(stored).toHaveLength(7);
    expect(stored.find((m) => m.content === 'Is allergic to peanuts.')?.type).toBe('preference');
    expect(stored.some((m) => m.content.startsWith('Has a budget'))).toBe(false);
    await panel.getByRole('button', { name: 'Undo' }).first().click();
    await expect.poll(async () => (await active(panel)).length).toBe(0);
  });

  it('reads a Markdown file and a Chinese list into the preview', async () => {
    await memoriesAction(panel, 'Bring in memories');
    const dialog = panel.getByRole('region', { name: 'Bring in memories' });
    await dialog.getByLabel(/Choose a file/).setInputFiles(join(FIXTURES, 'notes.md'));
    await dialog.getByText('6 memories found in the Markdown file').waitFor();
    await dialog.getByLabel('Paste text').fill(readFileSync(join(FIXTURES, 'zh-bullets.txt'), 'utf8'));
    await dialog.getByRole('button', { name: 'Read' }).click();
    await dialog.getByText('6 memories found in the pasted text').waitFor();
    await dialog.getByRole('button', { name: 'Bring in 6 memories' }).click();
    await panel.getByRole('status').filter({ hasText: 'Brought in: 6 added' }).waitFor();
    expect((await active(panel)).map((m) => m.content)).toContain('对花生过敏');
  });

  it('reads a large export off the panel thread with a bar in bytes, and Cancel stops a read', async () => {
    const file = largeExport();
    const before = (await active(panel)).length;
    await memoriesAction(panel, 'Bring in memories');
    const dialog = panel.getByRole('region', { name: 'Bring in memories' });
    const bar = panel.getByRole('progressbar', { name: 'Bringing in memories' });
    const started = Date.now();
    await dialog.getByLabel(/Choose a file/).setInputFiles(file);
    await bar.waitFor();
    await expect.poll(() => bar.getAttribute('aria-valuetext')).toMatch(/reading/);
    const found = dialog.getByText(/memories found in the mem0 export/);
    await found.waitFor({ timeout: 60_000 });
    console.info(
      `bring-in e2e: ${(readFileSync(file).byteLength / 1048576).toFixed(1)} MB read and parsed in ${Date.now() - started} ms`,
    );
    expect(await found.textContent()).toMatch(/^2,?000 memories found in the mem0 export/);
    // The dry run of all 2,000 runs in the background; the preview draws them a page at a time.
    await bar.waitFor({ state: 'detached', timeout: 60_000 });
    const rows = dialog.getByRole('list', { name: 'Memories to bring in' }).getByRole('listitem');
    expect(await rows.count()).toBe(200);
    await dialog.getByRole('button', { name: /Show 200 more/ }).click();
    expect(await rows.count()).toBe(400);
    await dialog.getByRole('button', { name: 'Bring in 2000 memories' }).waitFor();

    // A second read of the same file, cancelled while it is still being read or parsed.
    await dialog.getByLabel(/Choose a file/).setInputFiles(file);
    await panel.getByRole('button', { name: 'Cancel: Bringing in memories' }).click();
    await panel.getByRole('status').filter({ hasText: 'Bringing in memories: cancelled' }).waitFor();
    await bar.waitFor({ state: 'detached' });
    expect(await active(panel)).toHaveLength(before);
  });
});
