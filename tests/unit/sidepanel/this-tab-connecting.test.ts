/**
 * A chat page still connecting is not told to reload: "not connected" right after the panel
 * meets a tab (or the tab loads) reads "checking…", and only a page that stays unreached
 * past the grace says "not connected" with its hint.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { activeTab, checkHealth, health, startThisTab } from '../../../entrypoints/sidepanel/models/this-tab';

type Reply = (data: unknown) => void;

afterEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

describe('This tab while the page connects', () => {
  it('shows "checking" for a page not reached yet, and "not connected" once it had its time', async () => {
    fakeBrowser.runtime.onMessage.addListener((m: { type: string }, _s: unknown, respond: Reply) => {
      if (m.type === 'tab.health') respond({ ok: true, data: { state: 'not_connected' } });
      else respond({ ok: false, error: { code: 'bad_request', message: 'not here' } });
      return true;
    });
    const tab = { id: 7, index: 0, url: 'https://chatgpt.com/', title: 'ChatGPT', active: true, status: 'complete' };
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([tab] as never);
    const stop = startThisTab(() => false);
    try {
      await expect.poll(() => activeTab.value?.site).toBe('chatgpt');
      expect(health.value).toBe('checking');
      await checkHealth();
      expect(health.value).toBe('checking');
      const later = Date.now() + 9000;
      vi.spyOn(Date, 'now').mockReturnValue(later);
      await checkHealth();
      expect(health.value).toBe('not_connected');
    } finally {
      stop();
    }
  });
});
