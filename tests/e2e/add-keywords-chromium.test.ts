/**
 * "Add keywords" end to end in real Chromium: memories added without keywords are offered to
 * the model from the Memories view, the estimate is shown before anything is sent, the run goes
 * through the fake Messages API, and the stored keywords then let a request in the other
 * language find a memory (the side panel's own preview of an injection). An import of memories
 * without keywords brings the same offer up by itself, with its cost, where the import was made.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYWORDS_TOOL_NAME } from '../../lib/add-keywords/keywords-prompt';
import { SETTINGS_VERSION } from '../../lib/settings/schema';
import { FakeAnthropicApi, type ReceivedRequest, toolUseMessage } from '../fake-api/server';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { ask, readStore } from './harness/extension-calls';
import { sampleMemoryFile } from './harness/memory-files';
import { memoriesAction, unfoldCard } from './harness/panel';

const KEY = 'sk-ant-api03-E2E-addkeywords-0123456789abcdefghijklmnopqrstu';
const ZH = '用户每周六在社区做志愿者';
const EN = 'User keeps bees in the back garden';
const KEYWORDS: Record<string, string[]> = {
  [ZH]: ['volunteering', 'community', '志愿'],
  [EN]: ['养蜂', '蜜蜂', 'hobby'],
};

let ext: ExtensionBrowser;
let panel: Page;
const api = new FakeAnthropicApi();

function answer(req: ReceivedRequest) {
  const text = (req.body as { messages: { content: string }[] }).messages[0]?.content ?? '';
  const items = [...text.matchAll(/^(\d+)\. (.*)$/gm)].map((m) => ({
    index: Number(m[1]),
    keywords: KEYWORDS[m[2] as string] ?? [],
  }));
  return { body: toolUseMessage(KEYWORDS_TOOL_NAME, { items }) };
}

beforeAll(async () => {
  await api.start();
  api.respondWith(answer);
  ext = await launchChromium();
  panel = await ext.openSidePanel();
});

afterAll(async () => {
  await ext?.close();
  await api.stop();
});

describe('Add keywords (Chromium)', () => {
  it('shows the estimate first, fills keywords in through the model, and a request in the other language finds the memory', async () => {
    await ask(panel, 'settings.set', { settings: { version: SETTINGS_VERSION, baseUrl: api.url }, apiKey: KEY });
    for (const content of [ZH, EN]) await ask(panel, 'memories.add', { content, type: 'fact' });
    await panel.reload();
    const preview = (draft: string) =>
      ask<{ block: string | null }>(panel, 'inject.preview', { site: 'chatgpt', draft }).then((p) => p.block ?? '');
    const DRAFTS = { en: 'Tell me more about volunteering.', zh: '养蜂需要准备什么' };
    expect(await preview(DRAFTS.en)).not.toContain(ZH);
    expect(await preview(DRAFTS.zh)).not.toContain(EN);

    await memoriesAction(panel, 'Add keywords');
    const offer = panel.getByRole('region', { name: 'Add search keywords' });
    await expect.poll(() => offer.textContent(), { timeout: 10_000 }).toContain('2 memories have no search keywords');
    expect(await offer.textContent()).toMatch(/About [\d,]+ tokens, .+, in 1 call/);
    // Nothing goes to the model before the user confirms.
    expect(api.messageRequests()).toHaveLength(0);

    await offer.getByRole('button', { name: 'Add keywords now' }).click();
    await expect
      .poll(() => panel.getByRole('status').first().textContent(), { timeout: 15_000 })
      .toContain('2 memories got keywords.');
    expect(api.messageRequests()).toHaveLength(1);
    const stored = await readStore<{ content: string; keywords?: string[] }>(panel, 'memories');
    expect(stored.find((m) => m.content === ZH)?.keywords).toEqual(KEYWORDS[ZH]);
    expect(stored.find((m) => m.content === EN)?.keywords).toEqual(KEYWORDS[EN]);

    expect(await preview(DRAFTS.en)).toContain(ZH);
    expect(await preview(DRAFTS.zh)).toContain(EN);
  });

  it('after an import of memories without keywords, offers them right there, cost first, asking nothing yet', async () => {
    const before = api.messageRequests().length;
    const file = sampleMemoryFile();
    await panel
      .getByText('Import memories', { exact: true })
      .first()
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    const offer = panel.getByRole('region', { name: 'Add search keywords' });
    await expect
      .poll(() => offer.textContent(), { timeout: 10_000 })
      .toContain('The memories you imported carry no search keywords yet');
    // Offered unasked, it waits folded on one line, the count on it; opened, the cost comes first.
    expect(await offer.getByRole('button', { expanded: false }).textContent()).toMatch(/\d+ without them/);
    expect(await offer.getByRole('button', { name: 'Add keywords now' }).isVisible()).toBe(false);
    await unfoldCard(panel, 'Add search keywords');
    expect(await offer.textContent()).toMatch(/\d+ memor(?:y|ies) in all, with any older ones/);
    expect(await offer.textContent()).toMatch(/About [\d,]+ tokens, .+, in 1 call/);
    expect(await offer.getByRole('button', { name: 'Add keywords now' }).isVisible()).toBe(true);
    expect(api.messageRequests()).toHaveLength(before);
  });
});
