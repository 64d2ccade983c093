/** Finished chats: idle sweep, tab closed, tab moved to another conversation. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { onTabClosed, onTabNavigated, sweepIdleChats } from '../../../entrypoints/background/lifecycle';
import { getTab, updateTab } from '../../../entrypoints/background/tab-state';
import { getChat, recordCapture } from '../../../lib/db/chats';
import { saveSettings } from '../../../lib/db/settings-store';
import { defaultSettings } from '../../../lib/settings/schema';
import { setClock } from '../../../lib/time';

const turns = [
  { role: 'user' as const, text: 'q' },
  { role: 'assistant' as const, text: 'a' },
];

async function open(site: 'chatgpt' | 'kimi', conversationId: string, tabId: number) {
  await recordCapture({ site, conversationId, url: 'u', title: 't', turns });
  await updateTab(tabId, { site, url: 'u' }, { conversationId });
}

describe('finished chats', () => {
  beforeEach(() => fakeBrowser.reset());

  it('queues chats idle for the configured minutes', async () => {
    await saveSettings({ ...defaultSettings(), idleMinutes: 0.05 });
    setClock(() => Date.parse('2026-11-01T08:00:00.000Z'));
    await open('chatgpt', 'c1', 1);
    setClock(() => Date.parse('2026-11-01T08:00:02.000Z'));
    expect(await sweepIdleChats()).toBe(0);
    setClock(() => Date.parse('2026-11-01T08:00:04.000Z'));
    expect(await sweepIdleChats()).toBe(1);
    expect((await getChat('chatgpt:c1'))?.state).toBe('finished');
  });

  it('finishes the chat of a closed tab and forgets the tab', async () => {
    await open('kimi', 'k1', 5);
    await onTabClosed(5);
    expect((await getChat('kimi:k1'))?.state).toBe('finished');
    expect(await getTab(5)).toBeNull();
  });

  it('finishes the chat when the tab moves to another conversation, not within the same one', async () => {
    await open('chatgpt', 'conv-22', 9);
    await onTabNavigated(9, 'https://chatgpt.com/c/conv-22?model=x');
    expect((await getChat('chatgpt:conv-22'))?.state).toBe('open');
    await onTabNavigated(9, 'https://chatgpt.com/');
    expect((await getChat('chatgpt:conv-22'))?.state).toBe('finished');
    expect((await getTab(9))?.conversationId).toBeNull();
  });

  it('finishes the chat when the tab leaves the chat sites', async () => {
    await open('chatgpt', 'c3', 11);
    await onTabNavigated(11, 'https://example.com/');
    expect((await getChat('chatgpt:c3'))?.state).toBe('finished');
    expect(await getTab(11)).toBeNull();
  });
});
