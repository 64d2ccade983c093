/**
 * A greeting in real Chromium gets how the user wants to be addressed, as extraction models
 * write it ("User wants to be called Rui"): the side panel's own preview of the injection for
 * "Hello!" on a chat site.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { ask } from './harness/extension-calls';

let ext: ExtensionBrowser;
let panel: Page;

beforeAll(async () => {
  ext = await launchChromium();
  panel = await ext.openSidePanel();
});

afterAll(async () => {
  await ext?.close();
});

describe('greeting (Chromium)', () => {
  it('"Hello!" carries the form of address stated in the passive, and nothing else', async () => {
    await ask(panel, 'memories.add', { content: 'User wants to be called Rui', type: 'preference', importance: 4 });
    await ask(panel, 'memories.add', { content: 'User has a dog called Rex', type: 'fact', importance: 4 });
    await ask(panel, 'memories.add', { content: 'User is migrating the billing service to Go', type: 'task' });
    const preview = await ask<{ block: string | null }>(panel, 'inject.preview', { site: 'chatgpt', draft: 'Hello!' });
    expect(preview.block ?? '').toContain('User wants to be called Rui');
    expect(preview.block ?? '').not.toContain('Rex');
    expect(preview.block ?? '').not.toContain('billing');
  });
});
