/**
 * The on-page "Remember this chat" switch, end to end on ChatGPT's fixture page (real URL,
 * production build): it says what it does, in the panel's language (also after the language
 * is switched while the page is open), and turning it off — which deletes the transcript —
 * can be undone for a few seconds, bringing the transcript back from the page. Screenshots of
 * the switch in both languages go to tests/e2e/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/adapters';
import type { ExtensionBrowser } from './harness/chromium';
import { ask, getChat } from './harness/extension-calls';
import { type PageControls, pageControls } from './harness/page-controls';
import { SCREENSHOTS } from './harness/paths';
import { generating, homeUrl, openOnSites, sentMessages } from './harness/sites';

const adapter = ADAPTERS.find((a) => a.id === 'chatgpt')!;
let ext: ExtensionBrowser;
let panel: Page;

beforeAll(async () => {
  ({ ext, panel } = await openOnSites(['chatgpt']));
});

afterAll(async () => {
  await ext?.close();
});

async function setLanguage(language: 'en' | 'zh'): Promise<void> {
  const { settings } = await ask<{ settings: Record<string, unknown> }>(panel, 'settings.get');
  await ask(panel, 'settings.set', { settings: { ...settings, language } });
}

/** A chat with one exchange, captured; returns its id. */
async function chatted(page: Page): Promise<string> {
  await page.goto(homeUrl('chatgpt'));
  await page.waitForSelector('claude-mem-controls', { state: 'attached' });
  await page.click(adapter.selectors.composer.join(', '));
  await page.keyboard.type('Plan a weekend trip to 杭州 for two');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await sentMessages(page)).length).toBe(1);
  await expect.poll(() => generating(page)).toBe(false);
  const id = `chatgpt:${adapter.conversationId(new URL(page.url()))}`;
  await expect.poll(async () => (await getChat(panel, id))?.turns.length ?? 0, { timeout: 8000 }).toBe(2);
  return id;
}

async function shootSwitch(page: Page, controls: PageControls, name: string): Promise<void> {
  const s = await controls.state();
  const rects = [s.remember, s.undo].filter((r) => r !== null);
  const right = Math.max(...rects.map((r) => r.x + r.width)) + 12;
  const top = Math.min(...rects.map((r) => r.y)) - 40;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: join(SCREENSHOTS, `${name}.png`),
    clip: { x: Math.max(0, right - 560), y: Math.max(0, top), width: 560, height: 110 },
  });
}

describe('the on-page "Remember this chat" switch (Chromium)', () => {
  it('says what it does; off deletes the transcript and Undo brings it back from the page', async () => {
    const page = await ext.context.newPage();
    const id = await chatted(page);
    const controls = await pageControls(page, ext.extensionId);
    await expect.poll(async () => (await controls.state()).rememberText).toBe('Remember this chat: on');
    const on = await controls.state();
    expect(on.remembering).toBe(true);
    expect(on.rememberLabel).toBe('Remember this chat');
    expect(on.undo).toBeNull();
    await shootSwitch(page, controls, 'pill-en-on');

    await controls.click('remember');
    await expect.poll(async () => (await controls.state()).rememberText).toBe('Remember this chat: off');
    expect((await controls.state()).remembering).toBe(false);
    await expect.poll(async () => (await controls.state()).undo !== null).toBe(true);
    await expect.poll(async () => (await getChat(panel, id))?.state).toBe('excluded');
    expect((await getChat(panel, id))?.turns).toEqual([]);
    await shootSwitch(page, controls, 'pill-en-undo');

    await controls.click('undo');
    await expect.poll(async () => (await controls.state()).rememberText).toBe('Remember this chat: on');
    await expect.poll(async () => (await getChat(panel, id))?.state).toBe('open');
    await expect.poll(async () => (await getChat(panel, id))?.turns.length ?? 0, { timeout: 8000 }).toBe(2);
    await controls.detach();
    await page.close();
  });

  it('the Undo goes away after a few seconds and the chat stays forgotten', async () => {
    const page = await ext.context.newPage();
    const id = await chatted(page);
    const controls = await pageControls(page, ext.extensionId);
    await expect.poll(async () => (await controls.state()).remember !== null).toBe(true);
    await controls.click('remember');
    await expect.poll(async () => (await controls.state()).undo !== null).toBe(true);
    await expect.poll(async () => (await controls.state()).undo, { timeout: 15_000 }).toBeNull();
    expect((await controls.state()).rememberText).toBe('Remember this chat: off');
    expect((await getChat(panel, id))?.state).toBe('excluded');
    expect((await getChat(panel, id))?.turns).toEqual([]);
    await controls.detach();
    await page.close();
  });

  it('speaks the panel language, also when it is switched while the page is open', async () => {
    const page = await ext.context.newPage();
    await chatted(page);
    const controls = await pageControls(page, ext.extensionId);
    await expect.poll(async () => (await controls.state()).rememberText).toBe('Remember this chat: on');
    await setLanguage('zh');
    await expect.poll(async () => (await controls.state()).rememberText).toBe('记住这段对话：开');
    expect((await controls.state()).rememberLabel).toBe('记住这段对话');
    await shootSwitch(page, controls, 'pill-zh-on');
    await controls.click('remember');
    await expect.poll(async () => (await controls.state()).rememberText).toBe('记住这段对话：关');
    await expect.poll(async () => (await controls.state()).status).toBe('这段对话的记录已删除。');
    await shootSwitch(page, controls, 'pill-zh-undo');
    await setLanguage('en');
    await expect.poll(async () => (await controls.state()).rememberText).toBe('Remember this chat: off');
    await controls.detach();
    await page.close();
  });
});
