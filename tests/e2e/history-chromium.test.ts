/**
 * Chat history end to end in Chromium, on the production build: chats captured on three
 * fixture sites are found in the Chats view by an English word (in another form), a Chinese
 * word and a quoted phrase; a real branched ChatGPT export (read in place from
 * /work/shared/samples) is brought in with only its last-seen branch searchable; a deleted chat
 * is gone from search and from every backup.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/adapters';
import type { SiteId } from '../../lib/sites/ids';
import { zip } from '../unit/zip';
import type { ExtensionBrowser } from './harness/chromium';
import { ask, getChat } from './harness/extension-calls';
import { searchChats } from './harness/panel';
import { freshDir } from './harness/paths';
import { generating, homeUrl, openOnSites, sentMessages } from './harness/sites';

const FIXTURES = resolve(import.meta.dirname, '../../../shared/samples/chat-exports/chatgpt-librechat-fixtures');
const TREE = join(FIXTURES, 'chatgpt-tree.json');
const TWO_CHATS = join(FIXTURES, 'chatgpt-export.json');
let ext: ExtensionBrowser;
let panel: Page;

beforeAll(async () => {
  ({ ext, panel } = await openOnSites(['chatgpt', 'claude', 'deepseek']));
});

afterAll(async () => {
  await ext?.close();
});

/** Sends one message on a fixture site and waits for its answer; returns the chat id. */
async function chatOn(site: SiteId, text: string): Promise<string> {
  const adapter = ADAPTERS.find((a) => a.id === site)!;
  const page = await ext.context.newPage();
  await page.goto(homeUrl(site));
  await page.waitForSelector('claude-mem-controls', { state: 'attached' });
  await page.click(adapter.selectors.composer.join(', '));
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await sentMessages(page)).length, { timeout: 10_000 }).toBe(1);
  await expect.poll(() => generating(page), { timeout: 10_000 }).toBe(false);
  const id = `${site}:${adapter.conversationId(new URL(page.url()))}`;
  await expect.poll(async () => (await getChat(panel, id))?.turns.length ?? 0, { timeout: 10_000 }).toBe(2);
  await page.close();
  return id;
}

const search = (text: string) => searchChats(panel, text);

describe('chat history (Chromium)', () => {
  const ids: Record<string, string> = {};

  it('finds chats captured on three sites by a word, a Chinese word and a quoted phrase', async () => {
    ids.en = await chatOn('chatgpt', 'How often should I feed a sourdough starter kept in the fridge?');
    ids.zh = await chatOn('deepseek', '我想系统地学习机器学习，请给我一个计划');
    ids.phrase = await chatOn('claude', 'Write a short poem about the quiet harbour at dawn');
    await panel.getByRole('tab', { name: 'Chats' }).click();
    await expect.poll(() => panel.locator('.chat-list .chat-row').count(), { timeout: 10_000 }).toBe(3);

    const titleOf = async (id: string) => (await getChat(panel, id))!.title || id;
    expect(await search('feeding sourdough')).toEqual([await titleOf(ids.en)]);
    expect(await search('机器学习')).toEqual([await titleOf(ids.zh)]);
    expect(await search('"quiet harbour at dawn"')).toEqual([await titleOf(ids.phrase)]);
    expect(await search('"dawn at harbour"')).toEqual([]);
    // The hit is marked in the snippet, as text.
    await search('sourdough');
    expect(await panel.locator('.chat-result mark').first().textContent()).toMatch(/sourdough/i);
  });

  it.runIf(existsSync(TREE))(
    'brings in a branched ChatGPT export: only the last-seen branch is searchable',
    async () => {
      await panel.getByRole('searchbox', { name: 'Search chats' }).fill('');
      await panel.getByLabel('Bring in chat history').setInputFiles(TREE);
      await expect.poll(() => panel.getByText(/Brought in 1 new/).count(), { timeout: 20_000 }).toBeGreaterThan(0);
      expect(await search('joke')).toEqual(['Assist user with summary']);
      // "so cool bro" and "tell me a story" are on the branch the user edited away from.
      expect(await search('"so cool bro"')).toEqual([]);
      expect(await search('story')).toEqual([]);
      const chat = await getChat(panel, 'chatgpt:d5dc5307-6807-41a0-8b04-4acee626eeb7');
      expect(chat).toMatchObject({ origin: 'imported', state: 'finished' });
      // Imported history is never queued (the captured chats above are, their tabs were closed).
      const jobs = (await ask<{ jobs: { chatId: string }[] }>(panel, 'queue.list')).jobs.map((j) => j.chatId);
      expect(jobs).not.toContain(chat!.id);
    },
  );

  it.runIf(existsSync(TWO_CHATS))(
    'brings in a ChatGPT export zip as it is downloaded: conversations.json among uploads and chat.html',
    async () => {
      const path = join(freshDir('history-export-zip'), 'chatgpt-export.zip');
      const conversations = readFileSync(TWO_CHATS);
      writeFileSync(
        path,
        zip({
          'file-1-upload.png': randomBytes(3 * 1024 * 1024),
          'chat.html': `<html><script>var jsonData = ${conversations}</script></html>`,
          'conversations.json': conversations,
          'user.json': '{}',
        }),
      );
      await panel.getByRole('searchbox', { name: 'Search chats' }).fill('');
      await panel.getByLabel('Bring in chat history').setInputFiles(path);
      await expect.poll(() => panel.getByText(/Brought in 2 new/).count(), { timeout: 20_000 }).toBeGreaterThan(0);
      expect(await search('"vw transporter"')).toEqual(['Conversation 1. Web Search']);
      expect(await search('intervals intersect')).toEqual(['Conversation 2']);
    },
  );

  it('deletes a chat: gone from search and from every backup', async () => {
    await ask(panel, 'backups.create', { reason: 'before test delete' });
    const before = await readBackups(panel);
    expect(before.some((d) => d.includes('sourdough'))).toBe(true);
    await search('sourdough');
    await panel.locator('.chat-result .chat-row').first().click();
    await panel.getByRole('button', { name: 'Delete' }).first().click();
    await panel.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => panel.getByText('Chat deleted.').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await search('sourdough')).toEqual([]);
    expect(await getChat(panel, ids.en!)).toBeNull();
    expect((await readBackups(panel)).some((d) => d.includes('sourdough'))).toBe(false);
  });
});

/** The text of every backup, read straight from the backup database. */
function readBackups(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((done, fail) => {
        const open = indexedDB.open('claude-mem-backups');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('backups').objectStore('backups').getAll();
          req.onsuccess = () => {
            open.result.close();
            done((req.result as { data: string }[]).map((r) => r.data));
          };
          req.onerror = () => fail(req.error);
        };
      }),
  );
}
