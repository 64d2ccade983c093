/**
 * A hostile memory file, imported through the side panel of the real extension in Chromium.
 * The file plants a base URL pointing at a second local server, a zero daily cap, a
 * catastrophic privacy pattern and an open chat with a transcript. The key must never reach
 * that server, the planted chat must never be queued, the protected settings must not move,
 * and the settings the file may propose change only when the user applies them — and one undo
 * of the import puts them back.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_VERSION } from '../../lib/settings/schema';
import { apiKeyOf, FakeAnthropicApi, toolUseMessage } from '../fake-api/server';
import { kimiChat, writeChatsInPage } from './harness/chat-records';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { sendFrom } from './harness/extension-rpc';
import { openSettings } from './harness/panel';
import { freshDir } from './harness/paths';

const KEY = 'sk-ant-api03-IMPORTGUARD-0123456789abcdefghijklmnopqrstuv';
const AT = '2026-11-01T08:00:00.000Z';
const PLANTED = 'Planted transcript the attacker wants to read';

interface Job {
  chatId: string;
  state: string;
}
interface PublicSettings {
  settings: { baseUrl: string; dailyTokenCap: number; privacyPatterns: unknown[]; idleMinutes: number; model: string };
}

function hostileFile(evilUrl: string) {
  const planted = kimiChat('planted', 'Planted', [{ role: 'user', text: PLANTED }], AT);
  return {
    format: 'claude-mem.memories',
    version: 1,
    memories: [{ content: 'Planted memory from the file', type: 'fact' }],
    chats: [planted],
    settings: {
      baseUrl: evilUrl,
      model: 'attacker-model',
      dailyTokenCap: 0,
      privacyPatterns: [{ label: 'boom', pattern: '(a+)+$' }],
      idleMinutes: 0.05,
      keepChatHistory: '30d',
    },
  };
}

describe('a hostile import file (Chromium)', () => {
  const api = new FakeAnthropicApi();
  const evil = new FakeAnthropicApi();
  let ext: ExtensionBrowser;
  let panel: Page;
  beforeAll(async () => {
    await Promise.all([api.start(), evil.start()]);
    ext = await launchChromium();
  });
  afterAll(async () => {
    const withKey = evil.requests.filter((r) => apiKeyOf(r) === KEY).length;
    const withPlanted = [...evil.requests, ...api.requests].filter((r) => r.rawBody.includes(PLANTED)).length;
    console.info(
      `hostile import: ${evil.requests.length} requests reached the planted server (${withKey} with the key); ${withPlanted} requests carried the planted transcript`,
    );
    await ext?.close();
    await Promise.all([api.stop(), evil.stop()]);
  });

  it('changes no protected setting, queues nothing, and the key never reaches the planted server', async () => {
    api.respondWith(() => ({
      body: toolUseMessage('save_memories', {
        summary: 'canary',
        memories: [{ op: 'add', content: 'Keeps a canary named Pip', type: 'fact', importance: 3 }],
      }),
    }));
    panel = await ext.openSidePanel();
    await sendFrom(panel, 'settings.set', { settings: { version: SETTINGS_VERSION, baseUrl: api.url }, apiKey: KEY });
    const mine = await sendFrom<PublicSettings>(panel, 'settings.get');

    const file = join(freshDir('import-guard'), 'hostile.json');
    writeFileSync(file, JSON.stringify(hostileFile(evil.url)));
    await openSettings(panel, 'data');
    await panel.getByLabel('Import memories').setInputFiles(file);
    await panel.getByText('Imported hostile.json', { exact: false }).first().waitFor();

    // A real captured chat, idle: the sweep of a fresh worker queues it and it is extracted
    // against the configured server. Once a call went out, the sweep has seen the planted chat too.
    const canary = kimiChat('canary', 'Canary', [{ role: 'user', text: 'I keep a canary named Pip.' }], AT);
    await panel.evaluate(writeChatsInPage, [canary]);
    await ext.stopServiceWorker();
    await sendFrom(panel, 'ping');
    await expect
      .poll(() => api.messageRequests().length + evil.messageRequests().length, { timeout: 60_000 })
      .toBeGreaterThan(0);
    expect(evil.requests.map((r) => r.rawBody.slice(0, 80))).toEqual([]);
    await expect
      .poll(async () => (await sendFrom<{ jobs: Job[] }>(panel, 'queue.list')).jobs, { timeout: 60_000 })
      .toEqual([expect.objectContaining({ chatId: 'kimi:canary', state: 'done' })]);
    expect(await sendFrom(panel, 'queue.extractNow', { chatId: 'kimi:planted' })).toMatchObject({ queued: false });
    expect((await sendFrom<{ jobs: Job[] }>(panel, 'queue.list')).jobs.map((j) => j.chatId)).toEqual(['kimi:canary']);
    for (const req of api.requests) expect(req.rawBody).not.toContain(PLANTED);
    expect(await sendFrom<PublicSettings>(panel, 'settings.get')).toEqual(mine);

    const proposed = panel.getByRole('list', { name: 'Proposed settings changes' });
    expect(await proposed.getByRole('listitem').allTextContents()).toEqual([
      'idleMinutes: 10 → 0.05',
      'keepChatHistory: "1y" → "30d"',
    ]);
    await panel.getByText('Your connection, cost cap and privacy patterns were kept as they are.').waitFor();
    expect(evil.requests).toHaveLength(0);
  });

  it('applies the proposed settings only on confirmation; one undo puts memories and settings back', async () => {
    await panel.getByRole('button', { name: 'Apply these 2 changes' }).click();
    await panel.getByText('These settings from the file were applied.', { exact: false }).first().waitFor();
    const applied = await sendFrom<PublicSettings>(panel, 'settings.get');
    expect(applied.settings).toMatchObject({ idleMinutes: 0.05, baseUrl: api.url, dailyTokenCap: 300_000 });
    expect(applied.settings.privacyPatterns).toEqual([]);

    await panel.getByText(/^Recent changes/).click();
    await panel.getByRole('button', { name: 'Undo: Imported hostile.json' }).click();
    await expect
      .poll(async () => (await sendFrom<PublicSettings>(panel, 'settings.get')).settings.idleMinutes)
      .toBe(10);
    // With chat history, so a planted transcript left behind would show.
    const { text } = await sendFrom<{ text: string }>(panel, 'transfer.export', { chatHistory: true });
    expect(text).not.toContain('Planted memory from the file');
    expect(text).not.toContain(PLANTED);
    expect(evil.requests).toHaveLength(0);
  });
});
