/**
 * This tab and Queue in Chromium, with a chat page served on the real ChatGPT URL: the site,
 * its mode switch, the live preview with an exclusion switch; the queue's plain-words reason
 * and the spend against the cap.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { loadSampleStore, openPanel, openSettings, openView, routeChatSite } from './harness/panel';

describe('This tab and Queue (Chromium)', () => {
  let ext: ExtensionBrowser;
  let panel: Page;
  beforeAll(async () => {
    ext = await launchChromium();
    await routeChatSite(ext.context);
    const chat = await ext.context.newPage();
    await chat.goto('https://chatgpt.com/c/demo');
    panel = await openPanel(ext);
    await loadSampleStore(panel);
  });
  afterAll(async () => {
    await ext?.close();
  });

  it('shows the chat site the user was on, and switches its mode', async () => {
    await panel.getByRole('tab', { name: 'This tab' }).click();
    await panel.getByRole('heading', { name: 'ChatGPT' }).waitFor();
    await panel.getByText('Site support:').waitFor();
    await panel.getByRole('radio', { name: /Manual/ }).check();
    await openSettings(panel, 'sites');
    await expect.poll(() => panel.getByLabel('Add memories on ChatGPT').inputValue()).toBe('manual');
    expect(await panel.getByLabel('Learn from chats on ChatGPT').isChecked()).toBe(true);
    await panel.getByRole('tab', { name: 'This tab' }).click();
    await panel.getByRole('radio', { name: /Auto/ }).check();
  });

  it('previews what would be injected for a draft, and leaves out what is switched off', async () => {
    await panel.getByLabel('Draft').fill('Help me tune Postgres 16 for the FastAPI service');
    const list = panel.getByRole('list', { name: 'Memories for this message' });
    const row = list.getByRole('listitem').filter({ hasText: 'backend engineer' });
    await row.waitFor();
    const before = await list.getByRole('switch', { checked: true }).count();
    await row.getByRole('switch', { name: 'Include' }).uncheck();
    await expect.poll(() => list.getByRole('switch', { checked: true }).count()).toBe(before - 1);
    expect(await row.getByRole('switch').isChecked()).toBe(false);
    await panel
      .getByText(`${before - 1} memor`)
      .first()
      .waitFor();
    await row.getByRole('switch').check();
  });

  it('shows the queue with a failure in plain words and the spend against the cap', async () => {
    await openView(panel, 'queue');
    await panel.getByRole('heading', { name: 'Failed (1)' }).waitFor();
    await panel.getByText('Your API key was refused. Check it in Settings.').waitFor();
    expect(await panel.getByRole('region', { name: 'Extraction cost' }).textContent()).toContain('58,100 tokens');
    await panel.getByRole('button', { name: 'Retry' }).click();
    await panel.getByRole('status').filter({ hasText: 'Queued again.' }).waitFor();
  });
});
