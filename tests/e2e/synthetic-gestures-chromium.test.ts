/**
 * A chat page's own script dispatching synthetic events at claude-mem: Enter and a send click
 * (to get the memory block sent), Alt+Shift+M (to get it into the composer), clicks on the
 * on-page controls, and a search for the extension's state in the DOM. The page must get
 * exactly what the same page gets in a browser without the extension, and nothing may change
 * in the store. Real user gestures (mouse, keyboard) still work.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/adapters';
import type { Observations, Step } from '../fixtures/attacks/synthetic-gestures';
import { buildAttacks, launchPlainChromium, type PlainBrowser, runAttack, serveWithAttack } from './harness/attacks';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { ask, readStore, setSiteMode } from './harness/extension-calls';
import { sampleMemoryFile } from './harness/memory-files';
import { pageControls } from './harness/page-controls';
import { buildFixtures, homeUrl, sentMessages } from './harness/sites';

const adapter = ADAPTERS.find((a) => a.id === 'chatgpt')!;
const DRAFT = 'I want to buy a house in 成都 with my budget — what should I check first?';
const ATTACK = 'synthetic-gestures';

let ext: ExtensionBrowser;
let plain: PlainBrowser;
let panel: Page;

beforeAll(async () => {
  await buildFixtures(['chatgpt']);
  await buildAttacks([ATTACK]);
  ext = await launchChromium();
  plain = await launchPlainChromium();
  await serveWithAttack(ext.context, ATTACK);
  await serveWithAttack(plain.context, ATTACK);
  panel = await ext.openSidePanel();
  await ask(panel, 'transfer.import', { text: JSON.stringify(sampleMemoryFile()) });
});

afterAll(async () => {
  await ext?.close();
  await plain?.close();
});

/** A chat page on which the content script is running (its controls are attached). */
async function openChat(browser: { newPage(): Promise<Page> }, withExtension: boolean): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(homeUrl('chatgpt'));
  await page.waitForSelector(adapter.selectors.composer.join(', '));
  if (withExtension) await page.waitForSelector('claude-mem-controls', { state: 'attached', timeout: 10_000 });
  return page;
}

async function attack(step: Step): Promise<{ withExt: Observations; without: Observations }> {
  const [a, b] = await Promise.all([openChat(ext.context, true), openChat(plain.context, false)]);
  const [withExt, without] = await Promise.all([
    runAttack<Observations>(a, step, DRAFT),
    runAttack<Observations>(b, step, DRAFT),
  ]);
  await Promise.all([a.close(), b.close()]);
  return { withExt, without };
}

describe('a page dispatching synthetic events gets what it gets without the extension', () => {
  for (const step of ['enter', 'click', 'shortcut', 'controls', 'detect'] as const) {
    it(`${step}`, async () => {
      await setSiteMode(panel, 'chatgpt', 'auto');
      const { withExt, without } = await attack(step);
      console.log(`[synthetic ${step}] with extension ${JSON.stringify(withExt)} | without ${JSON.stringify(without)}`);
      expect(withExt).toEqual(without);
    });
  }

  it('left nothing in the store: no injection, no chat switched off', async () => {
    expect(await readStore(panel, 'injections')).toEqual([]);
    const chats = await readStore<{ state: string }>(panel, 'chats');
    expect(chats.filter((c) => c.state === 'excluded')).toEqual([]);
  });
});

describe('real user gestures still work', () => {
  it('a real click on Insert memories (reached through the content script) inserts the block', async () => {
    await setSiteMode(panel, 'chatgpt', 'manual');
    const page = await openChat(ext.context, true);
    const controls = await pageControls(page, ext.extensionId);
    await expect.poll(async () => (await controls.state()).insert !== null, { timeout: 10_000 }).toBe(true);
    await page.click(adapter.selectors.composer.join(', '));
    await page.keyboard.type(DRAFT);
    await controls.click('insert');
    await expect.poll(async () => (await controls.state()).status, { timeout: 5000 }).toBe('Memories inserted.');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await sentMessages(page)).length).toBe(1);
    expect((await sentMessages(page))[0]!.text.startsWith('[claude-mem ·')).toBe(true);
    await controls.detach();
    await page.close();
  });

  it('a real Alt+Shift+M inserts the block; a real click on the switch turns remembering off', async () => {
    await setSiteMode(panel, 'chatgpt', 'manual');
    const page = await openChat(ext.context, true);
    const controls = await pageControls(page, ext.extensionId);
    await page.click(adapter.selectors.composer.join(', '));
    await page.keyboard.type(DRAFT);
    await page.keyboard.press('Alt+Shift+KeyM');
    await expect.poll(async () => (await controls.state()).status, { timeout: 5000 }).toBe('Memories inserted.');
    await controls.click('remember');
    await expect.poll(async () => (await controls.state()).remembering).toBe(false);
    await controls.detach();
    await page.close();
    await setSiteMode(panel, 'chatgpt', 'auto');
  });
});
