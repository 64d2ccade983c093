/**
 * A chat page's content script can broadcast to every extension page, the side panel
 * included. The panel acts only on messages from this extension's own contexts without a
 * tab; a forged `work.progress` from a page must not draw a bar or block a button.
 */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startWorkModel, work } from '../../../entrypoints/sidepanel/models/work';

const progress = {
  kind: 'import',
  runId: 'forged-1',
  state: 'running',
  phase: 'write',
  done: 1,
  total: 2,
  cancellable: false,
  startedAt: '2026-12-01T00:00:00.000Z',
  elapsedMs: 5,
};

type Sender = Parameters<typeof fakeBrowser.runtime.onMessage.trigger>[1];

function deliver(message: unknown, sender: { id?: string; url?: string; tab?: { id: number; url: string } }) {
  return fakeBrowser.runtime.onMessage.trigger(message, sender as Sender, () => {});
}

describe('the side panel’s listeners', () => {
  it('refuse work.progress from a sender with a tab, and take it from the background', async () => {
    const stop = startWorkModel();
    try {
      const id = fakeBrowser.runtime.id;
      const page = 'https://chatgpt.com/c/1';
      await deliver({ type: 'work.progress', progress }, { id, url: page, tab: { id: 7, url: page } });
      // An extension page opened in a tab is a tab too: only tab-less extension contexts speak.
      const inTab = fakeBrowser.runtime.getURL('/sidepanel.html');
      await deliver({ type: 'work.progress', progress }, { id, url: inTab, tab: { id: 8, url: inTab } });
      await deliver({ type: 'work.progress', progress }, { id: 'another-extension' });
      expect(work.value).toEqual({});
      const worker = fakeBrowser.runtime.getURL('/background.js');
      await deliver({ type: 'work.progress', progress: { ...progress, runId: 'real-1' } }, { id, url: worker });
      expect(work.value.import?.runId).toBe('real-1');
    } finally {
      stop();
      work.value = {};
    }
  });
});
