/**
 * The panel's "Remember this chat" switch shows the user's latest choice: a status check the
 * panel's poll sent before the click, answered after it, does not show the switch as it was.
 */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { activeTab, chatState, checkHealth, setChatExcluded } from '../../../entrypoints/sidepanel/models/this-tab';

type Reply = (data: unknown) => void;
const status = (excluded: boolean) => ({ chatId: 'chatgpt:c1', excluded, state: 'open', turns: 2 });

describe("the panel's chat switch", () => {
  it('a status asked before "off" and answered after it leaves the switch off', async () => {
    const held = new Map<string, Reply>();
    fakeBrowser.runtime.onMessage.addListener((m: { type: string }, _s: unknown, respond: Reply) => {
      if (m.type === 'chat.exclude') respond({ ok: true, data: status(true) });
      else if (m.type === 'chat.status') held.set(m.type, (data) => respond({ ok: true, data }));
      else respond({ ok: false, error: { code: 'bad_request', message: 'not here' } });
      return true;
    });
    activeTab.value = { tabId: 7, url: 'https://chatgpt.com/c/c1', title: 'A chat', site: 'chatgpt' };
    const polling = checkHealth();
    await expect.poll(() => held.has('chat.status')).toBe(true);
    await setChatExcluded(true);
    expect(chatState.value.excluded).toBe(true);
    held.get('chat.status')!(status(false));
    await polling;
    expect(chatState.value.excluded).toBe(true);
    // The next poll, asked after the click, is heard.
    held.clear();
    const next = checkHealth();
    await expect.poll(() => held.has('chat.status')).toBe(true);
    held.get('chat.status')!(status(true));
    await next;
    expect(chatState.value).toEqual({ available: true, chatId: 'chatgpt:c1', excluded: true });
  });
});
