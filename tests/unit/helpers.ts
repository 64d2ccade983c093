import { createMemory, type NewMemoryInput } from '../../lib/memory/factory';
import type { MemoryRecord } from '../../lib/memory/types';

export function memory(
  input: Partial<NewMemoryInput> & { content: string },
  extra: Partial<MemoryRecord> = {},
): MemoryRecord {
  return { ...createMemory({ type: 'fact', ...input }), ...extra };
}

export const extensionSender = {
  id: 'test-extension',
  url: 'chrome-extension://test-extension/sidepanel.html',
};

export function contentSender(url: string, tabId = 7) {
  return { id: 'test-extension', url, tab: { id: tabId, url } };
}

export const routerOptions = {
  extensionId: 'test-extension',
  extensionOrigin: 'chrome-extension://test-extension/',
  scrub: (text: string) => text,
};
