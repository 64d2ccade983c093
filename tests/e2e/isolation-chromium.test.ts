/**
 * Isolation end to end, in real Chromium with the production build: memories scoped
 * to one site never reach another site's page. On the chatgpt fixture the injected block holds
 * the global and chatgpt memories only; on the claude fixture it holds the claude ones. At
 * message level, a chatgpt page's content-script world (the real sender, reached over CDP) asks
 * for blocks, names claude's chats, and tries every side-panel message: no claude-scoped text
 * comes back, and every side-panel message is refused.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/adapters';
import { marksIn, stripInjectedBlocks } from '../../lib/ranking/render';
import { SETTINGS_VERSION } from '../../lib/settings/schema';
import type { SiteId } from '../../lib/sites/ids';
import type { ExtensionBrowser } from './harness/chromium';
import { contentWorld } from './harness/content-world';
import { ask } from './harness/extension-calls';
import { homeUrl, openOnSites, sentMessages } from './harness/sites';

const DRAFT = 'How should I write the auth middleware for the billing service?';
const GLOBAL = 'The billing service database is Postgres 16 in eu-west-1.';
const CHATGPT_ONLY = 'Billing service dashboards are built in Grafana for the chatgpt work.';
const CLAUDE_ONLY = [
  'Migrating the billing service from Flask to FastAPI; next step is the auth middleware.',
  'Billing service auth middleware codename on the claude project is HERON-7.',
];
/** Pieces of the claude-scoped memories that must never show up on another site. */
const CLAUDE_MARKS = ['Flask to FastAPI', 'HERON-7'];

const memory = (id: string, content: string, scope: string, type = 'fact') => ({
  id,
  content,
  type,
  importance: 4,
  scope,
  tags: ['billing', 'auth', 'middleware'],
});

const FILE = {
  format: 'claude-mem.memories',
  version: 1,
  memories: [
    memory('iso-global', GLOBAL, 'global'),
    memory('iso-chatgpt', CHATGPT_ONLY, 'chatgpt'),
    memory('iso-claude-1', CLAUDE_ONLY[0]!, 'claude', 'task'),
    memory('iso-claude-2', CLAUDE_ONLY[1]!, 'claude'),
  ],
};

/** Side-panel messages a chat page must never be able to use (key, settings, export, others' memories). */
const PANEL_ONLY: [string, unknown][] = [
  ['settings.get', {}],
  ['settings.set', { settings: { version: SETTINGS_VERSION } }],
  ['transfer.export', {}],
  ['transfer.import', { text: '{}' }],
  ['memories.search', { query: 'HERON-7' }],
  ['inject.preview', { draft: DRAFT, site: 'claude' }],
  ['chats.list', {}],
  ['chats.get', { id: 'claude:anything' }],
  ['backups.list', {}],
  ['queue.list', {}],
  ['connection.test', {}],
  ['store.status', {}],
  ['tab.health', {}],
  ['memories.add', { content: 'planted by a page', type: 'fact' }],
];

const figures = { pagesChecked: 0, blocksChecked: 0, messagesTried: 0, refused: 0, repliesSearched: 0, leaks: 0 };

let ext: ExtensionBrowser;
let panel: Page;

beforeAll(async () => {
  ({ ext, panel } = await openOnSites(['chatgpt', 'claude']));
  await ask(panel, 'transfer.import', { text: JSON.stringify(FILE) });
});

afterAll(async () => {
  console.info(
    `isolation: ${figures.pagesChecked} pages, ${figures.blocksChecked} injected blocks checked, ` +
      `${figures.messagesTried} messages from a chat page's content world (${figures.refused} side-panel messages refused), ` +
      `${figures.repliesSearched} replies searched; scoped memories leaked to another site ${figures.leaks}`,
  );
  await ext?.close();
});

const leaksIn = (text: string) => CLAUDE_MARKS.filter((m) => text.includes(m)).length;

async function openChat(site: SiteId): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(homeUrl(site));
  await page.waitForSelector('claude-mem-controls', { state: 'attached', timeout: 20_000 });
  figures.pagesChecked++;
  return page;
}

/** Sends DRAFT from the page's real composer and returns the block that went out with it. */
async function sendAndReadBlock(page: Page, site: SiteId): Promise<string> {
  const adapter = ADAPTERS.find((a) => a.id === site)!;
  await page.click(adapter.selectors.composer.join(', '));
  await page.keyboard.type(DRAFT);
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await sentMessages(page)).length, { timeout: 15_000 }).toBe(1);
  const [sent] = await sentMessages(page);
  expect(stripInjectedBlocks(sent!.text, marksIn(sent!.text))).toBe(DRAFT);
  const block = sent!.text.slice(0, sent!.text.lastIndexOf(DRAFT));
  expect(block).toContain('[claude-mem ·');
  figures.blocksChecked++;
  return block;
}

describe('site-scoped memories stay on their site (Chromium)', () => {
  it('end to end: the chatgpt page gets global + chatgpt memories, never claude ones', async () => {
    const page = await openChat('chatgpt');
    const block = await sendAndReadBlock(page, 'chatgpt');
    figures.leaks += leaksIn(block);
    expect(block).toContain(GLOBAL);
    expect(block).toContain(CHATGPT_ONLY);
    for (const mark of CLAUDE_MARKS) expect(block).not.toContain(mark);
    await page.close();
  });

  it('end to end: the claude page gets its own scoped memories, never chatgpt ones', async () => {
    const page = await openChat('claude');
    const block = await sendAndReadBlock(page, 'claude');
    // (Whether the global one also fits is the ranker's call; scope is what is checked here.)
    for (const text of CLAUDE_ONLY) expect(block).toContain(text);
    if (block.includes('Grafana')) figures.leaks++;
    expect(block).not.toContain('Grafana');
    await page.close();
  });

  it("message level: a chatgpt page's content world gets no claude memory and no side-panel message", async () => {
    // A claude chat exists in the store, so there is something to try to reach.
    const claude = await openChat('claude');
    await sendAndReadBlock(claude, 'claude');
    const claudeConversation = ADAPTERS.find((a) => a.id === 'claude')!.conversationId(new URL(claude.url()))!;
    await expect
      .poll(async () => (await ask<{ id: string }[]>(panel, 'chats.list')).some((c) => c.id.startsWith('claude:')), {
        timeout: 15_000,
      })
      .toBe(true);

    const page = await openChat('chatgpt');
    const world = await contentWorld(page, ext.extensionId);
    const replies: unknown[] = [];
    const tryMessage = async (type: string, payload: unknown) => {
      figures.messagesTried++;
      const reply = await world.send(type, payload);
      replies.push(reply);
      return reply;
    };

    // Drafts that name the claude memories word for word still get only this site's memories.
    for (const draft of [DRAFT, ...CLAUDE_ONLY, 'HERON-7 Flask FastAPI']) {
      const reply = await tryMessage('inject.prepare', { draft });
      expect(reply.ok).toBe(true);
      const data = reply.data as { block: string | null; memoryIds: string[] };
      expect(data.memoryIds.filter((id) => id.startsWith('iso-claude'))).toEqual([]);
      expect(leaksIn(data.block ?? '')).toBe(0);
    }
    // A page speaks for its own site and the conversation its tab shows: naming claude's is refused.
    const status = await tryMessage('chat.status', { site: 'claude', conversationId: claudeConversation });
    expect(status.ok).toBe(false);
    expect(status.error?.code).toBe('bad_request');
    // A follow-up quoting the claude memories links to nothing of theirs.
    const followup = await tryMessage('inject.followup', { text: CLAUDE_ONLY.join(' '), chatId: null });
    if (followup.ok) {
      expect((followup.data as { memoryIds: string[] }).memoryIds.filter((id) => id.startsWith('iso-claude'))).toEqual(
        [],
      );
    }

    for (const [type, payload] of PANEL_ONLY) {
      const reply = await tryMessage(type, payload);
      expect(reply.ok, type).toBe(false);
      expect(reply.error?.code, type).toBe('forbidden');
      figures.refused++;
    }

    for (const reply of replies) {
      figures.repliesSearched++;
      figures.leaks += leaksIn(JSON.stringify(reply));
    }
    expect(figures.leaks).toBe(0);
    // Nothing the page tried changed the store.
    const { text } = await ask<{ text: string }>(panel, 'transfer.export', { chatHistory: true });
    expect(text).not.toContain('planted by a page');
    await world.detach();
    await page.close();
    await claude.close();
  });
});
