/**
 * "Extract memories from these" end to end in Chromium, on the production build. A ChatGPT-format
 * export built at test time from the real export files in /work/shared/samples (read in place,
 * written to a temporary file, never into the project) is brought in; chats are picked by
 * search results; the estimate is on screen before the fake Messages API has received a single
 * request; once confirmed, the batch runs (paused from its card, the worker stopped, resumed), its memories
 * arrive as proposals, and a ChatGPT message carries none of them until the user accepts one.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryRecord } from '../../lib/memory/types';
import { SETTINGS_VERSION } from '../../lib/settings/schema';
import { FakeAnthropicApi, gate, type ReceivedRequest, toolUseMessage } from '../fake-api/server';
import { audit, describeViolations } from './harness/axe';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { ask, readStore } from './harness/extension-calls';
import { buildFixtures, chatgptBlockFor, serveFixtures } from './harness/sites';

const SAMPLES = resolve(import.meta.dirname, '../../../shared/samples/chat-exports');
const SOURCES = [
  'chatgpt-librechat-fixtures/chatgpt-export.json',
  'chatgpt-librechat-fixtures/chatgpt-tree.json',
  'chatgpt-realazthat-chatgpt2graph/conversations.json',
].map((f) => join(SAMPLES, f));
const KEY = 'sk-ant-api03-E2E-batch-0123456789abcdefghijklmnopqrstuv';
const FACT = 'Drives a VW Transporter van';

let ext: ExtensionBrowser;
let panel: Page;
const api = new FakeAnthropicApi();

/** One conversations.json holding every conversation of the real sample files. */
function buildExport(): string {
  const all = SOURCES.flatMap((f) => JSON.parse(readFileSync(f, 'utf8')) as unknown[]);
  const file = join(mkdtempSync(join(tmpdir(), 'claude-mem-batch-')), 'conversations.json');
  writeFileSync(file, JSON.stringify(all));
  return file;
}

beforeAll(async () => {
  await api.start();
  await buildFixtures(['chatgpt']);
  ext = await launchChromium();
  await serveFixtures(ext.context);
  await ext.context.route(`${api.url}/**`, (route) => route.continue());
  panel = await ext.openSidePanel();
  await ask(panel, 'settings.set', { settings: { version: SETTINGS_VERSION, baseUrl: api.url }, apiKey: KEY });
});

afterAll(async () => {
  await ext?.close();
  await api.stop();
});

const blockFor = (draft: string) => chatgptBlockFor(ext, draft);

const answer = () => ({
  body: toolUseMessage('save_memories', {
    summary: 'An imported chat.',
    memories: [{ op: 'add', content: FACT, type: 'fact', importance: 4 }],
  }),
});

/** Serious and critical axe-core findings on the panel as it is now. */
async function blocking(where: string): Promise<string[]> {
  const found = (await audit(panel)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return describeViolations(where, found);
}

/** The title of the chat a request's transcript came from. */
const titleOf = (req: ReceivedRequest) =>
  /title="([^"]*)"/.exec((req.body as { messages: { content: string }[] }).messages[0]?.content ?? '')?.[1] ?? '';

describe('extract memories from picked imported chats (Chromium)', () => {
  it.runIf(SOURCES.every(existsSync))('estimate first, then proposals only, injected once accepted', async () => {
    api.respondWith(answer);

    await panel.getByRole('tab', { name: 'Chats' }).click();
    await panel.getByLabel('Bring in chat history').setInputFiles(buildExport());
    await expect.poll(() => panel.getByText(/Brought in 4 new/).count(), { timeout: 30_000 }).toBeGreaterThan(0);

    // Pick by search results: "example" is in two of the four chats.
    await panel.getByRole('searchbox', { name: 'Search chats' }).fill('example');
    const results = panel.locator('.chat-result');
    await expect.poll(() => results.count(), { timeout: 10_000 }).toBe(2);
    const shown = (await panel.locator('.chat-result .chat-row-title').allTextContents()).sort();
    await panel.getByRole('button', { name: 'Select all shown' }).click();
    await panel.getByText('2 chats picked').waitFor();
    expect(await panel.getByRole('checkbox', { name: `Pick “${shown[0]}”` }).isChecked()).toBe(true);

    await panel.getByRole('button', { name: 'Extract memories from these' }).click();
    const estimate = panel.getByRole('region', { name: 'Before anything is sent' });
    await estimate.getByText('2 chats to extract').waitFor({ timeout: 20_000 });
    await estimate.getByText(/model calls?, about [\d,]+ input and [\d,]+ output tokens/).waitFor();
    await estimate.getByText(/at .*’s list price|No price is known/).waitFor();
    await estimate.getByText(/Today’s cap \([\d,]+ of [\d,]+ tokens used\) leaves room for all of them/).waitFor();
    expect(api.messageRequests()).toHaveLength(0);
    expect((await ask<{ jobs: unknown[] }>(panel, 'queue.list')).jobs).toHaveLength(0);
    expect(await blocking('estimate')).toEqual([]);

    // The first call is held while the user pauses the batch from its card.
    const held = gate();
    api.enqueue({ ...answer(), heldUntil: held.until });
    await estimate.getByRole('button', { name: 'Queue 2 chats' }).click();
    const batches = panel.getByRole('region', { name: 'Extraction batches' });
    await expect.poll(() => api.messageRequests().length, { timeout: 30_000 }).toBe(1);
    await batches.getByRole('button', { name: 'Pause' }).click();
    await batches.getByText('Paused').waitFor();
    held.open();
    await batches.getByText('1 of 2 done').waitFor({ timeout: 30_000 });
    const jobs = (await ask<{ jobs: { state: string }[] }>(panel, 'queue.list')).jobs.map((j) => j.state).sort();
    expect(jobs).toEqual(['done', 'pending']);
    expect(api.messageRequests()).toHaveLength(1);

    // The worker is stopped and the panel reopened: the batch is still there, still paused.
    await ext.stopServiceWorker();
    await panel.reload();
    await panel.getByRole('tab', { name: 'Chats' }).click();
    await batches.getByText('1 of 2 done').waitFor({ timeout: 20_000 });
    await batches.getByText('Paused').waitFor();
    // The next message starts a new worker, whose first act is to drain the queue.
    await ask(panel, 'queue.list');
    expect((await ask<{ jobs: { state: string }[] }>(panel, 'queue.list')).jobs.map((j) => j.state).sort()).toEqual([
      'done',
      'pending',
    ]);
    expect(api.messageRequests()).toHaveLength(1);
    expect(await blocking('batch card')).toEqual([]);

    await batches.getByRole('button', { name: 'Resume' }).click();
    await batches.getByText('2 of 2 done').waitFor({ timeout: 60_000 });
    await batches.getByText('Finished').waitFor();
    expect(api.messageRequests().map(titleOf).sort()).toEqual(shown);

    const stored = await readStore<MemoryRecord>(panel, 'memories');
    expect(stored.length).toBeGreaterThan(0);
    for (const m of stored) {
      expect(m.status).toBe('proposed');
      expect(m.origin?.kind).toBe('opened');
    }

    for (const draft of ['warm up', 'what car do I drive'])
      await ask(panel, 'inject.preview', { site: 'chatgpt', draft });
    expect(await blockFor('What car do I drive, and how much fuel does it use?')).not.toContain('Transporter');

    await ask(panel, 'memories.accept', { ids: [stored[0]!.id] });
    for (const draft of ['warm up again', 'what car do I drive'])
      await ask(panel, 'inject.preview', { site: 'chatgpt', draft });
    expect(await blockFor('What car do I drive, and how much fuel does it use?')).toContain('Transporter');
  });
});
