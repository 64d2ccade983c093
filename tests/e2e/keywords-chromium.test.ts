/**
 * Keywords end to end in real Chromium: the fake Messages API answers an extraction with
 * memories carrying keywords (one Chinese memory with English keywords, one English memory
 * with Chinese ones); they are stored with the memories, and a chat page's real composer then
 * gets the Chinese memory injected for an English message that names it only in English, and
 * the English memory for a Chinese message.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_VERSION } from '../../lib/settings/schema';
import { FakeAnthropicApi, toolUseMessage } from '../fake-api/server';
import { kimiChat, typedHere, writeTypedChatsInPage } from './harness/chat-records';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { ask, readStore } from './harness/extension-calls';
import { buildFixtures, chatgptBlockFor, serveFixtures } from './harness/sites';

const KEY = 'sk-ant-api03-E2E-keywords-0123456789abcdefghijklmnopqrstuv';
const AT = '2026-11-01T08:00:00.000Z';
const ZH_MEMORY = '用户对猫毛过敏，一碰就打喷嚏';
const EN_MEMORY = 'User practises the cello every evening';
const MEMORIES = [
  { op: 'add', content: ZH_MEMORY, type: 'fact', importance: 4, keywords: ['allergy', 'cat allergy', 'cats', '过敏'] },
  { op: 'add', content: EN_MEMORY, type: 'fact', importance: 3, keywords: ['大提琴', '乐器', '练琴', 'music'] },
  { op: 'add', content: '用户在学 Rust 的所有权', type: 'task', importance: 3 },
];

function capturedChat() {
  const turns = [
    { role: 'user' as const, text: '我对猫毛过敏，一碰就打喷嚏。I also practise the cello every evening.' },
    { role: 'assistant' as const, text: '好的，记住了。' },
    { role: 'user' as const, text: '最近在学 Rust 的所有权。' },
  ];
  return kimiChat('kw-chat', 'keywords', turns, AT);
}

let ext: ExtensionBrowser;
let panel: Page;
const api = new FakeAnthropicApi();

beforeAll(async () => {
  await api.start();
  await buildFixtures(['chatgpt']);
  ext = await launchChromium();
  panel = await ext.openSidePanel();
});

afterAll(async () => {
  await ext?.close();
  await api.stop();
});

const blockFor = (draft: string) => chatgptBlockFor(ext, draft);

describe('keywords from the model (Chromium)', () => {
  // The message is sent right after typing: the editor may still be applying the typed text
  // when the block goes in (editors.ts re-places the caret until it stays at the start).
  it('are asked for, stored, and let a request in the other language find the memory', async () => {
    api.respondWith(() => ({ body: toolUseMessage('save_memories', { summary: 'keywords', memories: MEMORIES }) }));
    await ask(panel, 'settings.set', { settings: { version: SETTINGS_VERSION, baseUrl: api.url }, apiKey: KEY });
    // Imported chats are history, never work: the chat is written as capture would write it.
    await panel.evaluate(writeTypedChatsInPage, await typedHere([capturedChat()]));
    await ask(panel, 'queue.extractNow', { chatId: 'kimi:kw-chat' });
    await expect
      .poll(async () => (await readStore<{ content: string }>(panel, 'memories')).length, { timeout: 20_000 })
      .toBe(3);

    // The tool the model was forced through offers keywords.
    expect(api.messageRequests()[0]?.rawBody).toContain('"keywords"');
    const stored = await readStore<{ content: string; keywords?: string[] }>(panel, 'memories');
    expect(stored.find((m) => m.content === ZH_MEMORY)?.keywords).toEqual(MEMORIES[0]?.keywords);
    expect(stored.find((m) => m.content === EN_MEMORY)?.keywords).toEqual(MEMORIES[1]?.keywords);

    // From here on the network is the chat sites' fixtures only (the fake API is done).
    await serveFixtures(ext.context);

    // Warm the background first (index, English model, Chinese segmenter): a block prepared by a
    // cold worker may miss the 300 ms a send waits for it, which is not what this test is about.
    for (const draft of ['warm up', '预热一下']) await ask(panel, 'inject.preview', { site: 'chatgpt', draft });
    const chinese = await blockFor('有哪些适合初学者的大提琴曲子');
    expect(chinese).toContain(EN_MEMORY);
    expect(chinese).not.toContain('Rust');
    const english = await blockFor('Is it a good idea for me to adopt a cat?');
    expect(english).toContain(ZH_MEMORY);
    expect(english).not.toContain('Rust');
  });
});
