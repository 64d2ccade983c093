/**
 * "Learn from chats" switched off for a site, in real Chromium: the page's own script holds a
 * whole conversation, and claude-mem neither reads it (its content script sends nothing but
 * the question for the site's switches) nor accepts it (the background refuses a capture sent
 * from that page's real content-script world). A site left on is captured as usual, which
 * also tells the test when the off site would have been captured.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAttacks, runAttack, serveWithAttack } from './harness/attacks';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { contentWorld } from './harness/content-world';
import { ask, readStore } from './harness/extension-calls';
import { buildFixtures, homeUrl } from './harness/sites';

const ATTACK = 'chat-while-off';
const MESSAGES = ['I moved to Chengdu last month and work as a nurse.', 'What should I see there first?'];

let ext: ExtensionBrowser;
let panel: Page;

beforeAll(async () => {
  await buildFixtures(['chatgpt', 'claude']);
  await buildAttacks([ATTACK]);
  ext = await launchChromium();
  await serveWithAttack(ext.context, ATTACK);
  panel = await ext.openSidePanel();
});

afterAll(async () => {
  await ext?.close();
});

type Sites = Record<string, { learn: boolean; inject: string }>;

async function setSwitches(site: string, learn: boolean, inject: string): Promise<void> {
  const { settings } = await ask<{ settings: { sites: Sites } }>(panel, 'settings.get');
  settings.sites[site] = { ...settings.sites[site]!, learn, inject };
  await ask(panel, 'settings.set', { settings });
}

async function chatIds(): Promise<string[]> {
  return (await readStore<{ id: string }>(panel, 'chats')).map((c) => c.id).sort();
}

describe('learning from chats switched off for a site', () => {
  it('the page is not read, nothing is stored, and a capture from its content script is refused', async () => {
    await setSwitches('chatgpt', false, 'off');
    const off = await ext.context.newPage();
    await off.goto(homeUrl('chatgpt'));
    const world = await contentWorld(off, ext.extensionId);
    await world.record();
    const on = await ext.context.newPage();
    await on.goto(homeUrl('claude'));

    const [offRun, onRun] = await Promise.all([
      runAttack<{ sent: number; url: string }>(off, MESSAGES),
      runAttack<{ sent: number; url: string }>(on, MESSAGES),
    ]);
    expect(offRun.sent).toBe(2);
    expect(onRun.sent).toBe(2);
    // The site left on is captured in full; by then the off site would have been too.
    await expect
      .poll(
        async () =>
          (await readStore<{ site: string; turns: unknown[] }>(panel, 'chats')).find((c) => c.site === 'claude')?.turns
            .length ?? 0,
        {
          timeout: 15_000,
        },
      )
      .toBe(4);
    await on.close(); // finishing the claude chat; the off page stays

    const sentByOffPage = (await world.recorded()).map((r) => (r.message as { type: string }).type);
    console.log(
      `[site off] content script messages: ${JSON.stringify(sentByOffPage)}; chats stored: ${JSON.stringify(await chatIds())}`,
    );
    // Only the question for the switches may go out (it may have gone before recording began).
    expect(sentByOffPage.filter((type) => type !== 'site.config')).toEqual([]);
    expect((await chatIds()).filter((id) => id.startsWith('chatgpt:'))).toEqual([]);

    // Whatever a content script on that site sends now is refused and dropped.
    const conversationId = new URL(offRun.url).pathname.split('/').pop()!;
    const turns = [{ role: 'user', text: MESSAGES[0] }];
    const refused = await world.send('chat.capture', { conversationId, url: offRun.url, title: 'x', turns });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const left = await world.send('chat.left', { conversationId });
    expect(left).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect((await chatIds()).filter((id) => id.startsWith('chatgpt:'))).toEqual([]);
    await world.detach();
    await off.close();
  });
});
