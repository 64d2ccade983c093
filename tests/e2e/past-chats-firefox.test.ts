/**
 * Past chats as context, the core path in real Firefox ESR: chats brought in as history and
 * indexed in Firefox's IndexedDB, the site's switch on, and the background's own preview of a
 * conversation start carries the matching chat's excerpt in the block's marked part; an
 * unrelated request carries none; with the switch off, none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCERPTS_HEADER } from '../../lib/ranking/render';
import { type FirefoxExtension, launchFirefox } from './harness/firefox';

describe('past chats as context (Firefox)', () => {
  let ff: FirefoxExtension;
  beforeAll(async () => {
    ff = await launchFirefox();
  });
  afterAll(async () => {
    await ff?.close();
  });

  it('a matching request gets the excerpt, marked; an unrelated one and a switched-off site none', async () => {
    const page = await ff.openExtensionPage('sidepanel.html');
    const out = await page.evaluate(async () => {
      const send = async (type: string, payload: unknown) => {
        const runtime = (
          globalThis as unknown as { browser: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
        ).browser.runtime;
        const r = (await runtime.sendMessage({ type, payload })) as { ok: boolean; data?: unknown; error?: unknown };
        if (!r.ok) throw new Error(JSON.stringify(r.error));
        return r.data;
      };
      const at = '2026-02-10T09:00:00.000Z';
      await send('history.import', {
        importId: 'ff-past-chats',
        read: { done: 1, total: 1 },
        conversations: [
          {
            site: 'chatgpt',
            conversationId: 'greenhouse-1',
            title: 'Greenhouse tomatoes',
            url: 'https://chatgpt.com/c/greenhouse-1',
            createdAt: at,
            updatedAt: at,
            turns: [
              { role: 'user', text: 'My greenhouse tomatoes get blossom end rot every August. Why?', at },
              { role: 'assistant', text: 'Blossom end rot comes from uneven watering and calcium uptake.', at },
            ],
          },
        ],
      });
      const { settings } = (await send('settings.get', {})) as {
        settings: { sites: Record<string, { pastChats: string }> };
      };
      settings.sites.chatgpt!.pastChats = 'this-site';
      await send('settings.set', { settings });
      type Preview = { block: string | null; pastChats?: { chatId: string }[] };
      // The index is kept by the background after the import: wait until it answers.
      let matching: Preview = { block: null };
      for (let i = 0; i < 50 && !matching.pastChats?.length; i++) {
        matching = (await send('inject.preview', {
          site: 'chatgpt',
          draft: 'How do I stop blossom end rot on my tomatoes?',
        })) as Preview;
        if (!matching.pastChats?.length) await new Promise((r) => setTimeout(r, 200));
      }
      const unrelated = (await send('inject.preview', {
        site: 'chatgpt',
        draft: 'Translate this sentence into Portuguese please',
      })) as Preview;
      settings.sites.chatgpt!.pastChats = 'off';
      await send('settings.set', { settings });
      const off = (await send('inject.preview', {
        site: 'chatgpt',
        draft: 'How do I stop blossom end rot on my tomatoes?',
      })) as Preview;
      return { matching, unrelated, off };
    });
    expect(out.matching.pastChats?.map((p) => p.chatId)).toEqual(['chatgpt:greenhouse-1']);
    expect(out.matching.block).toContain(EXCERPTS_HEADER);
    expect(out.matching.block).toContain('“Greenhouse tomatoes”) User: My greenhouse tomatoes');
    expect(out.unrelated.pastChats ?? []).toEqual([]);
    expect(out.unrelated.block ?? '').not.toContain(EXCERPTS_HEADER);
    expect(out.off.pastChats ?? []).toEqual([]);
  });
});
