/**
 * "Bring in memories" in the real panel (Chromium): a pasted ChatGPT memory list previewed
 * with guessed types, one item unticked and one retyped, committed at once and undone; a
 * Markdown file and a Chinese list read into the same preview.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { readStore } from './harness/extension-calls';
import { openPanel } from './harness/panel';
import { ROOT } from './harness/paths';

const FIXTURES = join(ROOT, 'tests/fixtures/bring-in');
const active = async (panel: Page) =>
  (await readStore<{ content: string; type: string; status: string }>(panel, 'memories')).filter(
    (m) => m.status === 'active',
  );

describe('Bring in memories (Chromium)', () => {
  let ext: ExtensionBrowser;
  let panel: Page;
  beforeAll(async () => {
    ext = await launchChromium();
    panel = await openPanel(ext);
  });
  afterAll(async () => {
    await ext?.close();
  });

  it('previews a pasted ChatGPT list, commits the ticked items with the chosen types, and undoes it', async () => {
    await panel.getByRole('button', { name: 'Bring in memories' }).click();
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
    await panel.getByRole('button', { name: 'Bring in memories' }).click();
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
});
