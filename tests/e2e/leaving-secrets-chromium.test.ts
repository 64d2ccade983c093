/**
 * A hostile chat file, end to end in Chromium on the production build and ChatGPT's fixture page:
 * a real ChatGPT export (read in place from /work/shared/samples) whose chat has been given a
 * title naming a card number and turns whose secrets are split by what a reader drops or folds
 * (a zero-width space, a soft hyphen, a zero-width joiner, a tab, a line break, full-width
 * digits), and a secret of the user's own pattern split the same way. Brought in through the
 * Chats view with past chats on, the chat is still a source: a matching request's message
 * carries its excerpt, and neither the excerpt nor its title carries any of the secrets, even
 * once the message is read with every invisible character dropped and every digit folded.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/adapters';
import { EXCERPTS_HEADER } from '../../lib/ranking/render';
import type { ExtensionBrowser } from './harness/chromium';
import { ask } from './harness/extension-calls';
import { generating, homeUrl, openOnSites, sentMessages } from './harness/sites';

const SAMPLE = resolve(
  import.meta.dirname,
  '../../../shared/samples/chat-exports/chatgpt-librechat-fixtures/chatgpt-export.json',
);
const adapter = ADAPTERS.find((a) => a.id === 'chatgpt')!;

const CARD = '4111111111111111';
const KEY = 'sk-ant-api03-Zq7LmN2pR8sT4vX6yB1cD3fG5hJ9kM0nP';
const WIDE_CARD = '５５５５５５５５５５５５４４４４';
const CUSTOM = 'ACCT-7734-QX';
const WRAPPED_CARD = '4000056655665556';

/** The sample's first chat, made hostile: its title and its first question carry split secrets. */
function hostileExport(): string {
  const chats = JSON.parse(readFileSync(SAMPLE, 'utf8')) as {
    title: string;
    mapping: Record<string, { message: { author: { role: string }; content: { parts: string[] } } | null }>;
  }[];
  const chat = chats[0]!;
  chat.title = 'Refund for card 4111 1111 1111 1111 after the van trip';
  const question = Object.values(chat.mapping).find((n) => n.message?.author.role === 'user')!.message!;
  question.content.parts = [
    `${question.content.parts[0]}. Pay with 4111\u200b1111\u00ad1111\t1111, ` +
      `key sk-ant-\u200dapi03-Zq7LmN2pR8s\u00adT4vX6yB1cD3fG5hJ9kM0nP, or 4000 0566\n5566 5556, 备用卡号５５５５ ５５５５ ５５５５ ４４４４, ` +
      'account ACCT\u200b-7734-\u00adQX.',
  ];
  return JSON.stringify(chats.slice(0, 1));
}

/** What a reader of the message sees once invisible characters are dropped and digits folded. */
function asRead(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\p{Cf}\s]+/gu, '')
    .replace(/\p{Nd}/gu, (d) => String(Number.parseInt(d, 10)));
}

let ext: ExtensionBrowser;
let panel: Page;
let folder: string;

beforeAll(async () => {
  ({ ext, panel } = await openOnSites(['chatgpt']));
  folder = mkdtempSync(join(tmpdir(), 'claude-mem-hostile-'));
});

afterAll(async () => {
  await ext?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('secrets split by invisible characters in a brought-in chat (Chromium)', () => {
  it('brings in the file with past chats on and a pattern of the user’s own', async () => {
    const file = join(folder, 'conversations.json');
    writeFileSync(file, hostileExport());
    const { settings } = await ask<{
      settings: { sites: Record<string, { pastChats: string }>; privacyPatterns: object[] };
    }>(panel, 'settings.get');
    settings.sites.chatgpt!.pastChats = 'this-site';
    settings.privacyPatterns = [{ label: 'account', pattern: 'ACCT-\\d{4}-[A-Z]{2}' }];
    await ask(panel, 'settings.set', { settings });
    await panel.getByRole('tab', { name: 'Chats' }).click();
    await panel.getByLabel('Bring in chat history').setInputFiles(file);
    await expect.poll(() => panel.getByText(/Brought in 1 new/).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // Every chat brought in is in the history index before the first message.
    await expect
      .poll(async () => (await ask<{ pending: number }>(panel, 'history.search', { query: 'fuel' })).pending, {
        timeout: 20_000,
      })
      .toBe(0);
  });

  it('a matching request gets the excerpt, and no secret in it or its title', async () => {
    const page = await ext.context.newPage();
    await page.goto(homeUrl('chatgpt'));
    await page.waitForSelector('claude-mem-controls', { state: 'attached' });
    await page.click(adapter.selectors.composer.join(', '));
    await page.keyboard.type('How much fuel does a VW Transporter use with 8 people on board?');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await sentMessages(page)).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => generating(page), { timeout: 10_000 }).toBe(false);
    const sent = (await sentMessages(page))[0]!.text;

    expect(sent).toContain(EXCERPTS_HEADER);
    expect(sent).toMatch(/“Refund for card \[redacted: [^\]]+\] after the van trip”/);
    expect(sent).toContain('[redacted: account]');
    expect(sent).toMatch(/Pay with \[redacted: [^\]]+\], key \[redacted: /);
    const read = asRead(sent);
    for (const secret of [CARD, WRAPPED_CARD, KEY, asRead(WIDE_CARD), CUSTOM]) {
      expect(read).not.toContain(asRead(secret));
    }
    expect(read).not.toContain('4111');
    expect(read).not.toContain('5555');
    expect(read).not.toContain('sk-ant');
    expect(read).not.toContain('Zq7LmN2p');
    await page.close();
  });
});
