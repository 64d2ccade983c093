/**
 * The block prepared while the user types is reused at send time only while nothing it was
 * built from has changed: the memories switched off for this tab (This tab), the memories
 * themselves (an edit from any window, an import, an extraction) or the settings, also after
 * the worker that prepared it was stopped. ChatGPT's fixture page on its real URL, the production build, real Chromium.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from './harness/chromium';
import { type ContentWorld, contentWorld } from './harness/content-world';
import { ask, readStore } from './harness/extension-calls';
import { sampleMemoryFile } from './harness/memory-files';
import { homeUrl, openOnSites, sentMessages } from './harness/sites';

const DRAFT = 'I want to buy a house in 成都 with my budget, what should I check first?';
const BUDGET = '¥2,850,000.00';
const COMPOSER = '#prompt-textarea';
/** The draft as the user's own words, as the page's typing-ahead request carries it. */
const typedDraft = DRAFT.split(/\s+/).join(' ');

let ext: ExtensionBrowser;
let panel: Page;
/** The store as imported: every test starts from it, whatever the one before changed. */
let original: { id: string }[] = [];
let current: Chat | null = null;

beforeAll(async () => {
  ({ ext, panel } = await openOnSites(['chatgpt']));
  await panel.setViewportSize({ width: 360, height: 760 });
  await ask(panel, 'transfer.import', { text: JSON.stringify(sampleMemoryFile()) });
  original = await readStore(panel, 'memories');
});

afterEach(async () => {
  if (current) await close(current);
  current = null;
  const now = await readStore<{ id: string }>(panel, 'memories');
  await ask(panel, 'memories.delete', { ids: now.map((m) => m.id) });
  await ask(panel, 'memories.restore', { records: original });
  const { settings } = await ask<{ settings: { sites: Record<string, { inject: string }> } }>(panel, 'settings.get');
  settings.sites.chatgpt!.inject = 'auto';
  await ask(panel, 'settings.set', { settings });
});

afterAll(async () => {
  await ext?.close();
});

interface Chat {
  page: Page;
  world: ContentWorld;
}

/** A new chat with the draft typed, once the background holds the block chosen for it (`expected` in it). */
async function chatWithPreparedBlock(expected: string): Promise<Chat> {
  const page = await ext.context.newPage();
  await page.goto(homeUrl('chatgpt'));
  await page.waitForSelector('claude-mem-controls', { state: 'attached', timeout: 10_000 });
  const world = await contentWorld(page, ext.extensionId);
  await world.record();
  await page.click(COMPOSER);
  await page.keyboard.type(DRAFT);
  // Typing ahead: the background chose the block for the draft and keeps it; the page gets
  // no block until the send (the choice itself is checked by what the send carries).
  await expect
    .poll(async () =>
      (await world.recorded()).some((r) => {
        const m = r.message as { type?: string; payload?: { draft?: string; use?: string } };
        const reply = r.reply as { ok?: boolean; data?: { block?: string | null } } | undefined;
        return (
          m.type === 'inject.prepare' && m.payload?.use === 'warm' && m.payload.draft === typedDraft && !!reply?.ok
        );
      }),
    )
    .toBe(true);
  void expected;
  current = { page, world };
  return current;
}

async function sendAndRead(chat: Chat): Promise<string> {
  await chat.page.bringToFront();
  await chat.page.click(COMPOSER);
  await chat.page.keyboard.press('End');
  await chat.page.keyboard.press('Enter');
  await expect.poll(async () => (await sentMessages(chat.page)).length).toBe(1);
  return (await sentMessages(chat.page))[0]!.text;
}

async function close(chat: Chat): Promise<void> {
  await chat.world.detach().catch(() => {});
  await chat.page.close();
}

describe('a prepared block never outlives what it was built from (Chromium)', () => {
  it('a memory switched off in This tab stays out of the next send', async () => {
    const chat = await chatWithPreparedBlock(BUDGET);
    await panel.bringToFront();
    await panel.reload();
    await panel.getByRole('tab', { name: 'This tab' }).click();
    const list = panel.getByRole('list', { name: 'Memories for this message' });
    const row = list.getByRole('listitem').filter({ hasText: BUDGET });
    await row.getByRole('switch', { name: 'Include' }).uncheck();
    await expect.poll(() => row.getByRole('switch').isChecked()).toBe(false);
    const sent = await sendAndRead(chat);
    expect(sent).toContain('[claude-mem');
    expect(sent).not.toContain(BUDGET);
  });

  it('an edit made elsewhere (another window of the panel) is what the next send carries', async () => {
    const chat = await chatWithPreparedBlock(BUDGET);
    const edited = '我住在成都，预算是¥3,100,000.00，想买三室的房子';
    await ask(panel, 'memories.update', { id: 'm-zh-1', patch: { content: edited } });
    const sent = await sendAndRead(chat);
    expect(sent).not.toContain(BUDGET);
    expect(sent).toContain('¥3,100,000.00');
  });

  it('a memory deleted meanwhile is not sent', async () => {
    const chat = await chatWithPreparedBlock(BUDGET);
    await ask(panel, 'memories.delete', { ids: ['m-zh-1'] });
    const sent = await sendAndRead(chat);
    expect(sent).not.toContain(BUDGET);
  });

  it('a memory that arrives meanwhile (an import, a finished extraction) goes with the next send', async () => {
    const chat = await chatWithPreparedBlock(BUDGET);
    const file = sampleMemoryFile();
    const arrived = {
      ...file.memories[1]!,
      id: 'm-new-1',
      content: 'Needs a house near a metro line in 成都, works from home on Fridays.',
      tags: ['成都', 'house', 'metro'],
      importance: 5,
    };
    await ask(panel, 'transfer.import', { text: JSON.stringify({ ...file, memories: [arrived] }) });
    const sent = await sendAndRead(chat);
    expect(sent).toContain('near a metro line');
  });

  it('switching the site to manual in Settings stops the automatic block', async () => {
    const chat = await chatWithPreparedBlock(BUDGET);
    const { settings } = await ask<{ settings: { sites: Record<string, { inject: string }> } }>(panel, 'settings.get');
    settings.sites.chatgpt!.inject = 'manual';
    await ask(panel, 'settings.set', { settings });
    const sent = await sendAndRead(chat);
    expect(sent).toBe(DRAFT);
  });

  it('a worker restarted since the block was prepared still tells the page about an edit', async () => {
    const chat = await chatWithPreparedBlock(BUDGET);
    await ext.stopServiceWorker();
    const edited = '我住在成都，预算是¥2,990,000.00，想买三室的房子';
    await ask(panel, 'memories.update', { id: 'm-zh-1', patch: { content: edited } });
    const sent = await sendAndRead(chat);
    expect(sent).not.toContain(BUDGET);
    expect(sent).toContain('¥2,990,000.00');
  });
});
