/**
 * Past chats as context end to end in Chromium, on the production build and ChatGPT's fixture
 * page (its real URL): a real ChatGPT export (read in place from /work/shared/samples) is
 * brought in through the Chats view, the site's switch is turned on, and a new chat's first
 * message carries the matching chat's excerpt in the block's marked part, recorded in Activity
 * with the chat and why; an unrelated request carries none; a chat the user asked not to
 * remember ("Remember this chat: off" on the page) never does.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/adapters';
import { EXCERPTS_HEADER } from '../../lib/ranking/render';
import type { ExtensionBrowser } from './harness/chromium';
import { ask, getChat, readStore } from './harness/extension-calls';
import { pageControls } from './harness/page-controls';
import { generating, homeUrl, openOnSites, sentMessages } from './harness/sites';

const EXPORT = resolve(
  import.meta.dirname,
  '../../../shared/samples/chat-exports/chatgpt-librechat-fixtures/chatgpt-export.json',
);
const FUEL_CHAT = 'chatgpt:d6523d1e-7ec3-474f-a363-0e9dffdb3d93';
const adapter = ADAPTERS.find((a) => a.id === 'chatgpt')!;

let ext: ExtensionBrowser;
let panel: Page;

beforeAll(async () => {
  ({ ext, panel } = await openOnSites(['chatgpt']));
});

afterAll(async () => {
  await ext?.close();
});

/** A new chat whose first message is `text`; returns what the page sent and the chat's id. */
async function firstMessage(text: string): Promise<{ sent: string; id: string; page: Page }> {
  const page = await ext.context.newPage();
  await page.goto(homeUrl('chatgpt'));
  await page.waitForSelector('claude-mem-controls', { state: 'attached' });
  await page.click(adapter.selectors.composer.join(', '));
  await page.keyboard.type(text);
  // The time a person takes between typing and sending: the history index read once (a send at
  // once after a bring-in may miss its hold, and then the next message carries the block).
  await ask(panel, 'inject.preview', { site: 'chatgpt', draft: text });
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await sentMessages(page)).length, { timeout: 10_000 }).toBe(1);
  await expect.poll(() => generating(page), { timeout: 10_000 }).toBe(false);
  const id = `chatgpt:${adapter.conversationId(new URL(page.url()))}`;
  return { sent: (await sentMessages(page))[0]!.text, id, page };
}

describe.runIf(existsSync(EXPORT))('past chats as context (Chromium)', () => {
  it('brings in a ChatGPT export and turns the switch on for ChatGPT', async () => {
    await panel.getByRole('tab', { name: 'Chats' }).click();
    await panel.getByLabel('Bring in chat history').setInputFiles(EXPORT);
    await expect.poll(() => panel.getByText(/Brought in 2 new/).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const { settings } = await ask<{ settings: { sites: Record<string, { pastChats: string }> } }>(
      panel,
      'settings.get',
    );
    settings.sites.chatgpt!.pastChats = 'this-site';
    await ask(panel, 'settings.set', { settings });
    // Every chat brought in is in the history index before the first message.
    await expect
      .poll(async () => (await ask<{ pending: number }>(panel, 'history.search', { query: 'fuel' })).pending, {
        timeout: 20_000,
      })
      .toBe(0);
  });

  it("a matching request carries the chat's excerpt, marked, and Activity says which and why", async () => {
    const { sent, page } = await firstMessage('How much fuel does a VW Transporter use with 8 people on board?');
    expect(sent).toContain('[claude-mem');
    expect(sent).toContain(EXCERPTS_HEADER);
    expect(sent).toMatch(
      /- \(past chat · chatgpt · \d{4}-\d\d-\d\d · “Conversation 1\. Web Search”\) User: What is the fuel consumption of vw/,
    );
    await expect
      .poll(
        async () => (await readStore<{ pastChats?: { chatId: string; why: string }[] }>(panel, 'injections')).length,
      )
      .toBeGreaterThan(0);
    const [record] = await readStore<{ pastChats?: { chatId: string; why: string }[] }>(panel, 'injections');
    // Up to two excerpts: here both from the one matching chat (its first and second exchange).
    expect(record!.pastChats!.length).toBeGreaterThan(0);
    for (const use of record!.pastChats!) expect(use).toMatchObject({ chatId: FUEL_CHAT, why: 'match' });
    await page.close();
  });

  it('This tab shows each excerpt with its own Remove, and removed excerpts stay out of the message', async () => {
    const page = await ext.context.newPage();
    await page.goto(homeUrl('chatgpt'));
    await page.waitForSelector('claude-mem-controls', { state: 'attached' });
    await page.click(adapter.selectors.composer.join(', '));
    await page.keyboard.type('Fuel consumption of an older VW Transporter with eight people?');
    await panel.bringToFront();
    await panel.reload();
    await panel.getByRole('tab', { name: 'This tab' }).click();
    const part = panel.getByRole('region', { name: 'From your past chats' });
    await part.getByText('Conversation 1. Web Search').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => part.getByText(/User: What is the fuel consumption of vw/).count()).toBeGreaterThan(0);
    // Remove takes out that one excerpt: the chat's other one stays until removed too.
    const excerpts = part.getByRole('listitem');
    const before = await excerpts.count();
    const first = await excerpts.first().textContent();
    await part.getByRole('button', { name: 'Remove' }).first().click();
    if (before > 1) {
      await expect.poll(() => excerpts.count()).toBe(before - 1);
      expect(await excerpts.first().textContent()).not.toBe(first);
      for (let left = before - 1; left > 0; left--) {
        await part.getByRole('button', { name: 'Remove' }).first().click();
        await expect.poll(async () => ((await part.count()) === 0 ? 0 : excerpts.count())).toBe(left - 1);
      }
    }
    await expect.poll(() => part.count()).toBe(0);
    await page.bringToFront();
    await page.click(adapter.selectors.composer.join(', '));
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await sentMessages(page)).length, { timeout: 10_000 }).toBe(1);
    expect((await sentMessages(page))[0]!.text).not.toContain(EXCERPTS_HEADER);
    await page.close();
  });

  it('an unrelated request carries none', async () => {
    const { sent, page } = await firstMessage('Write a limerick about penguins learning to skate');
    expect(sent).not.toContain('[claude-mem');
    expect(sent).not.toContain('past chat');
    await page.close();
  });

  it('a chat the user asked not to remember is never a source', async () => {
    const first = await firstMessage('My sister Inés marries in Porto on 14 June: help me plan the wedding toast');
    await expect.poll(async () => (await getChat(panel, first.id))?.turns.length ?? 0, { timeout: 10_000 }).toBe(2);
    const controls = await pageControls(first.page, ext.extensionId);
    await expect.poll(async () => (await controls.state()).remember !== null).toBe(true);
    await controls.click('remember');
    await expect.poll(async () => (await getChat(panel, first.id))?.state).toBe('excluded');
    await controls.detach();
    await first.page.close();
    const { sent, page } = await firstMessage('Ideas for the wedding toast for my sister Inés in Porto?');
    expect(sent).not.toContain('Porto on 14 June');
    expect(sent).not.toContain(EXCERPTS_HEADER);
    await page.close();
  });
});
