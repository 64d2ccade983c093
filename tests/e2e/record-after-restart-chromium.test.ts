/**
 * A block handed to the page is recorded in Activity when it goes out, even when the service
 * worker was stopped between handing it out and the send (Chrome stops an idle worker after
 * 30 s; a user reads the inserted block longer than that). What the background keeps for the
 * record lives in `storage.session`, which the page's content script can neither read nor
 * write. ChatGPT's fixture page on its real URL, the production build, real Chromium.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/adapters';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { contentWorld } from './harness/content-world';
import { ask, readStore, setSiteMode } from './harness/extension-calls';
import { sampleMemoryFile } from './harness/memory-files';
import { pageControls } from './harness/page-controls';
import { buildFixtures, homeUrl, sentMessages, serveFixtures } from './harness/sites';

const DRAFT = 'I want to buy a house in 成都 with my budget, what should I check first?';
const chatgpt = ADAPTERS.find((a) => a.id === 'chatgpt')!;

let ext: ExtensionBrowser;
let panel: Page;

beforeAll(async () => {
  await buildFixtures(['chatgpt']);
  ext = await launchChromium();
  await serveFixtures(ext.context);
  panel = await ext.openSidePanel();
  await ask(panel, 'transfer.import', { text: JSON.stringify(sampleMemoryFile()) });
  await setSiteMode(panel, 'chatgpt', 'manual');
});

afterAll(async () => {
  await ext?.close();
});

/** A new chat with the block inserted by hand in front of the draft (not sent yet). */
async function chatWithBlockInserted(): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(homeUrl('chatgpt'));
  await page.waitForSelector('claude-mem-controls', { state: 'attached', timeout: 10_000 });
  const controls = await pageControls(page, ext.extensionId);
  await expect.poll(async () => (await controls.state()).insert !== null, { timeout: 10_000 }).toBe(true);
  await page.click(chatgpt.selectors.composer.join(', '));
  await page.keyboard.type(DRAFT);
  await controls.click('insert');
  await expect.poll(async () => (await controls.state()).status, { timeout: 5000 }).toBe('Memories inserted.');
  await controls.detach();
  return page;
}

describe('the Activity record survives a worker restart (Chromium)', () => {
  it('a block inserted, the worker stopped, then sent: Activity records what went out', async () => {
    const page = await chatWithBlockInserted();
    await ext.stopServiceWorker();
    await page.click(chatgpt.selectors.composer.join(', '));
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await sentMessages(page)).length).toBe(1);
    expect((await sentMessages(page))[0]!.text).toContain('[claude-mem');
    await expect.poll(() => chatgpt.conversationId(new URL(page.url()))).not.toBeNull();
    const chatId = `chatgpt:${chatgpt.conversationId(new URL(page.url()))}`;
    type Row = { chatId: string | null; items: { memoryId: string }[]; query: string };
    await expect
      .poll(async () => (await readStore<Row>(panel, 'injections')).filter((r) => r.chatId === chatId).length, {
        timeout: 10_000,
      })
      .toBe(1);
    const [row] = (await readStore<Row>(panel, 'injections')).filter((r) => r.chatId === chatId);
    expect(row!.items.length).toBeGreaterThan(0);
    expect(row!.query).toContain('成都');
    await page.close();
  });

  it("the page's content script can neither read nor write what the background keeps for it", async () => {
    const page = await chatWithBlockInserted();
    const world = await contentWorld(page, ext.extensionId);
    const tried = await world.evaluate<{ read: string; write: string }>(`(async () => {
      const attempt = async (f) => { try { await f(); return 'allowed'; } catch (e) { return 'refused: ' + String(e.message ?? e); } };
      const area = chrome.storage?.session;
      if (!area) return { read: 'refused: no storage.session here', write: 'refused: no storage.session here' };
      return {
        read: await attempt(() => area.get(null)),
        write: await attempt(() => area.set({ 'prepared:forged': { site: 'chatgpt' } })),
      };
    })()`);
    expect(tried.read).toMatch(/^refused/);
    expect(tried.write).toMatch(/^refused/);
    await world.detach();
    await page.close();
  });
});
