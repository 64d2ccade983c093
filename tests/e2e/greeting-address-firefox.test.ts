/**
 * A greeting in real Firefox ESR gets how the user wants to be addressed, stated in the passive
 * as extraction models write it: the side panel's own preview of the injection for "Hello!".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FirefoxExtension, launchFirefox } from './harness/firefox';

describe('greeting (Firefox)', () => {
  let ff: FirefoxExtension;
  beforeAll(async () => {
    ff = await launchFirefox();
  });
  afterAll(async () => {
    await ff?.close();
  });

  it('"Hello!" carries the form of address stated in the passive, and nothing else', async () => {
    const page = await ff.openExtensionPage('sidepanel.html');
    const block = await page.evaluate(async () => {
      const send = async (type: string, payload: unknown) => {
        const runtime = (
          globalThis as unknown as { browser: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
        ).browser.runtime;
        const r = (await runtime.sendMessage({ type, payload })) as { ok: boolean; data?: unknown; error?: unknown };
        if (!r.ok) throw new Error(JSON.stringify(r.error));
        return r.data;
      };
      await send('memories.add', { content: 'User wants to be called Rui', type: 'preference', importance: 4 });
      await send('memories.add', { content: 'User has a dog called Rex', type: 'fact', importance: 4 });
      await send('memories.add', { content: 'User is migrating the billing service to Go', type: 'task' });
      const preview = (await send('inject.preview', { site: 'chatgpt', draft: 'Hello!' })) as { block: string | null };
      return preview.block ?? '';
    });
    expect(block).toContain('User wants to be called Rui');
    expect(block).not.toContain('Rex');
    expect(block).not.toContain('billing');
  });
});
