// @vitest-environment happy-dom
/**
 * "Open on site" goes only to the chat's own site. A crafted export file (history import or
 * memory file) may carry any URL for a chat or a memory's source: javascript:, data:, another
 * origin, a look-alike host, credentials before the host. Each door that stores one keeps it
 * only on the site's own origins, and the panel links only such an address, whatever is stored.
 */
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { MemoryDetails } from '../../../components/memory-details';
import { ChatDetail } from '../../../entrypoints/sidepanel/views/chat-detail';
import { db } from '../../../lib/db/db';
import { storeImported } from '../../../lib/db/history-import';
import { importParsed } from '../../../lib/db/transfer';
import { readExport } from '../../../lib/history/import/read-export';
import type { ImportedConversation } from '../../../lib/history/import/types';
import { parseMemoryFile } from '../../../lib/memory-file/format';
import { chat, memory } from '../helpers';
import { mount, resetAfterEach } from '../sidepanel/mount';

resetAfterEach();

const HOSTILE = [
  'javascript:alert(document.domain)',
  'data:text/html,<script>alert(1)</script>',
  'https://evil.example/c/1',
  'https://chatgpt.com.evil.example/c/1',
  'https://chatgpt.com@evil.example/c/1',
  'http://chatgpt.com/c/1',
  'https://claude.ai/chat/1',
];
const at = '2026-10-01T00:00:00.000Z';
const turns = [{ role: 'user', text: 'Planning a trip to Kyoto', at }];

function ownExport(urls: readonly string[]) {
  return JSON.stringify({
    format: 'claude-mem.memories',
    version: 1,
    exportedAt: at,
    memories: urls.map((url, i) => ({
      content: `Memory ${i} about Kyoto`,
      type: 'fact',
      source: { site: 'chatgpt', url, chatId: `chatgpt:c${i}` },
    })),
    chats: urls.map((url, i) => ({ ...chat(`chatgpt:c${i}`), url, turns })),
  });
}

const stored = async () => Object.fromEntries((await db.chats.toArray()).map((c) => [c.conversationId, c.url]));

describe('chat URLs from files', () => {
  it('keeps a history import’s chat URL only on the chat’s own site', async () => {
    const file = new Blob([ownExport([...HOSTILE, 'https://chatgpt.com/c/c7'])]);
    const read: ImportedConversation[] = [];
    await readExport(file, 'claude-mem.json', async (batch) => {
      read.push(...batch);
    });
    await storeImported(read);
    const urls = await stored();
    expect(Object.values(urls).filter((u) => u !== '')).toEqual(['https://chatgpt.com/c/c7']);
  });

  it('keeps a memory file’s chat and source URLs only on their own site', async () => {
    await importParsed(parseMemoryFile(ownExport([...HOSTILE, 'https://chatgpt.com/c/c7'])));
    expect(Object.values(await stored()).filter((u) => u !== '')).toEqual(['https://chatgpt.com/c/c7']);
    const sources = (await db.memories.toArray()).map((m) => m.source?.url).filter((u) => u !== '');
    expect(sources).toEqual(['https://chatgpt.com/c/c7']);
  });

  it('links neither a chat nor a memory source stored with another address', async () => {
    for (const url of HOSTILE) {
      const root = mount(<ChatDetail chat={chat('chatgpt:c1', { url })} />);
      expect(root.querySelector('a[href]')).toBeNull();
      root.remove();
      const m = memory({ content: 'Lives in Kyoto' }, { source: { site: 'chatgpt', url, chatId: 'chatgpt:c1' } });
      let details: HTMLElement | undefined;
      await act(() => {
        details = mount(<MemoryDetails memory={m} replaces={[]} replacedBy={null} onSaveKeywords={() => {}} />);
      });
      expect(details?.querySelector('a[href]')).toBeNull();
      details?.remove();
    }
    const ok = mount(<ChatDetail chat={chat('chatgpt:c1', { url: 'https://chatgpt.com/c/c1' })} />);
    expect(ok.querySelector('a[href]')?.getAttribute('href')).toBe('https://chatgpt.com/c/c1');
  });

  it('still links a memory added by hand from any web page to that page', async () => {
    const m = memory(
      { content: 'Likes this recipe' },
      { source: { site: 'cooking.example', url: 'https://cooking.example/r/1', chatId: '' } },
    );
    let details: HTMLElement | undefined;
    await act(() => {
      details = mount(<MemoryDetails memory={m} replaces={[]} replacedBy={null} onSaveKeywords={() => {}} />);
    });
    expect(details?.querySelector('a[href]')?.getAttribute('href')).toBe('https://cooking.example/r/1');
  });
});
