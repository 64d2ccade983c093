/**
 * Finished chats, the "don't remember this chat" switch and site health, end to end on one
 * fixture site (the logic is the same for all nine; the per-site paths are in sites-chromium).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/adapters';
import type { ExtensionBrowser } from './harness/chromium';
import { ask, getChat } from './harness/extension-calls';
import { sampleMemoryFile } from './harness/memory-files';
import { pageControls } from './harness/page-controls';
import { generating, homeUrl, openOnSites, sentMessages } from './harness/sites';

const adapter = ADAPTERS.find((a) => a.id === 'chatgpt')!;
let ext: ExtensionBrowser;
let panel: Page;

beforeAll(async () => {
  ({ ext, panel } = await openOnSites(['chatgpt']));
  await ask(panel, 'transfer.import', { text: JSON.stringify(sampleMemoryFile()) });
});

afterAll(async () => {
  await ext?.close();
});

async function openChat(): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(homeUrl('chatgpt'));
  await page.waitForSelector('claude-mem-controls', { state: 'attached' });
  return page;
}

/** Sends one message and waits for the scripted answer; returns the chat id. */
async function exchange(page: Page, text: string, n: number): Promise<string> {
  await page.click(adapter.selectors.composer.join(', '));
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await sentMessages(page)).length).toBe(n);
  await expect.poll(() => page.evaluate(() => window.__fixture.exchanges)).toBe(n);
  await expect.poll(() => generating(page)).toBe(false);
  return `chatgpt:${adapter.conversationId(new URL(page.url()))}`;
}

/**
 * The side panel opened as a tab, on its "This tab" view: it describes the chat tab the user
 * was on just before (the panel itself is not a chat tab).
 */
async function openThisTab(): Promise<Page> {
  const side = await ext.context.newPage();
  await side.goto(`chrome-extension://${ext.extensionId}/sidepanel.html`);
  await side.getByRole('tab', { name: 'This tab' }).click();
  return side;
}

describe('finished chats', () => {
  it('a chat the tab moves away from is finished', async () => {
    const page = await openChat();
    const id = await exchange(page, 'My budget for the flat in 成都?', 1);
    await expect.poll(async () => (await getChat(panel, id))?.turns.length ?? 0, { timeout: 8000 }).toBe(2);
    await page.evaluate(() => history.pushState({}, '', '/'));
    await expect.poll(async () => (await getChat(panel, id))?.state, { timeout: 8000 }).toBe('finished');
    await page.close();
  });

  it('a chat whose tab is closed is finished', async () => {
    const page = await openChat();
    const id = await exchange(page, 'Hello there, a quick question', 1);
    await expect.poll(async () => (await getChat(panel, id))?.turns.length ?? 0, { timeout: 8000 }).toBe(2);
    await page.close();
    await expect.poll(async () => (await getChat(panel, id))?.state, { timeout: 8000 }).toBe('finished');
  });
});

describe("don't remember this chat", () => {
  it('is switched on from the page before the first message and keeps the chat out of the store', async () => {
    const page = await openChat();
    // The switch sits in a closed shadow root: reached through the content script, clicked for real.
    const controls = await pageControls(page, ext.extensionId);
    await expect.poll(async () => (await controls.state()).remember !== null, { timeout: 10_000 }).toBe(true);
    await controls.click('remember');
    await expect.poll(async () => (await controls.state()).remembering).toBe(false);
    await controls.detach();
    const id = await exchange(page, 'Something private about my health', 1);
    await expect.poll(async () => (await getChat(panel, id))?.state, { timeout: 8000 }).toBe('excluded');
    await page.waitForTimeout(1500);
    expect((await getChat(panel, id))?.turns).toEqual([]);

    // The side panel shows the same switch for this tab and can turn it off again.
    const side = await openThisTab();
    const box = side.getByLabel(/remember this chat/);
    await expect.poll(() => box.isChecked(), { timeout: 10_000 }).toBe(true);
    await box.uncheck();
    await expect.poll(async () => (await getChat(panel, id))?.state).toBe('open');
    await exchange(page, 'And a second question', 2);
    await expect.poll(async () => (await getChat(panel, id))?.turns.length ?? 0, { timeout: 8000 }).toBe(4);
    await side.close();
    await page.close();
  });
});

describe('site health in the side panel', () => {
  it('says working, then composer not found when the page loses its composer', async () => {
    const page = await openChat();
    await exchange(page, 'Hello', 1);
    const side = await openThisTab();
    const line = side.locator('.health');
    await expect.poll(() => line.textContent(), { timeout: 10_000 }).toContain('working');
    await page.evaluate(() => document.getElementById('prompt-textarea')?.remove());
    await expect.poll(() => line.textContent(), { timeout: 10_000 }).toContain('chat box not found');
    await side.close();
    await page.close();
  });
});
