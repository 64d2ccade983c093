/**
 * Activity in Chromium: an injection shows up with its draft, memories, tokens and score
 * parts, and "this was wrong" demotes (or deletes) the memory, undoably.
 * The injection is written straight into the store (test-only path, harness/seed.ts): the
 * content script that sends inject.prepare/inject.record is not on this branch. Once it is,
 * this can drive a routed https://chatgpt.com/ page instead.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openView, withPanel, writeJson } from './harness/panel';
import { sampleStore } from './harness/sample-store';
import { getRow, putRows } from './harness/seed';

interface Row {
  importance: number;
  feedback: number;
}

describe('Activity (Chromium)', () => {
  let panel: Page;
  withPanel(async (p) => {
    panel = p;
    const store = sampleStore();
    await panel.getByLabel('Import memories').setInputFiles(writeJson('store.json', store.file));
    await panel.getByRole('status').filter({ hasText: '17 added' }).waitFor();
  });

  it('says what to do while nothing has been injected', async () => {
    await openView(panel, 'activity');
    await panel.getByText('Nothing injected yet').waitFor();
  });

  it('shows an injection after it happens', async () => {
    await putRows(panel, 'injections', [
      {
        id: 'inj-e2e',
        at: new Date().toISOString(),
        site: 'chatgpt',
        chatId: null,
        url: 'https://chatgpt.com/',
        query: 'Help me write the auth middleware for FastAPI please, with tests',
        tokens: 87,
        items: [
          {
            memoryId: 's-1',
            score: 2.4,
            parts: { text: 0.5, intent: 0.2, importance: 1, recency: 0.2, hits: 0.1, feedback: 0 },
          },
          {
            memoryId: 's-3',
            score: 1.9,
            parts: { text: 0.8, intent: 0.1, importance: 0.8, recency: 0.1, hits: 0.1, feedback: 0 },
          },
        ],
        feedback: null,
      },
    ]);
    await panel.reload();
    await openView(panel, 'activity');
    const entry = panel.getByRole('list', { name: 'Injections' }).getByRole('listitem').first();
    await entry.waitFor();
    const head = entry.getByRole('button').first();
    expect(await head.textContent()).toContain('“Help me write the auth middleware for FastAPI…”');
    expect(await head.textContent()).toContain('2 memories');
    expect(await head.textContent()).toContain('87 tokens');
    await head.click();
    const items = entry.getByRole('list', { name: 'Memories in this message' });
    expect(await items.textContent()).toContain('叫我小林');
    expect(await items.getByRole('definition').first().textContent()).toContain('0.50');
  });

  it('"this was wrong" demotes the memory, and Undo restores it', async () => {
    const first = panel.getByRole('list', { name: 'Memories in this message' }).getByRole('listitem').first();
    await first.getByRole('button', { name: 'This was wrong: lower it' }).click();
    await first.getByText('You marked it wrong 1 time').waitFor();
    expect(await getRow<Row>(panel, 'memories', 's-1')).toMatchObject({ importance: 4, feedback: -1 });
    expect(await getRow<{ feedback: string }>(panel, 'injections', 'inj-e2e')).toMatchObject({ feedback: 'wrong' });
    await panel.getByText('marked wrong', { exact: true }).waitFor();
    await panel.locator('.toast').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await getRow<Row>(panel, 'memories', 's-1'))?.feedback).toBe(0);
    expect(await getRow<Row>(panel, 'memories', 's-1')).toMatchObject({ importance: 5 });
    // Undo restores the memory, then the injection's record: two writes, waited on each.
    await expect
      .poll(async () => (await getRow<{ feedback: string | null }>(panel, 'injections', 'inj-e2e'))?.feedback)
      .toBe(null);
  });

  it('"this was wrong" can delete the memory instead', async () => {
    const second = panel.getByRole('list', { name: 'Memories in this message' }).getByRole('listitem').nth(1);
    await second.getByRole('button', { name: 'This was wrong: delete it' }).click();
    await second.getByText('This memory has since been deleted.').waitFor();
    expect(await getRow(panel, 'memories', 's-3')).toBeUndefined();
  });
});
