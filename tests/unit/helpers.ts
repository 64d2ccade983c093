import { createMemory, type NewMemoryInput } from '../../lib/memory/factory';
import type { Chat, Job, MemoryRecord } from '../../lib/memory/types';

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

type PanelRoute = (message: never, sender: typeof extensionSender) => Promise<unknown>;

/** Calls the router as the side panel does: the reply's data, or a throw naming its error. */
export function panelCaller(route: PanelRoute) {
  return async function call<T>(type: string, payload: unknown): Promise<T> {
    const reply = (await route({ type, payload } as never, extensionSender)) as {
      ok: boolean;
      data?: T;
      error?: unknown;
    };
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    return reply.data as T;
  };
}

/** A finished, extracted chat record with one user turn; `over` changes any field. */
export function chat(id: string, over: Partial<Chat> = {}): Chat {
  const at = '2026-11-30T00:00:00.000Z';
  const [site = 'chatgpt', conversationId = id] = id.split(':') as [Chat['site'], string];
  return {
    id,
    site,
    conversationId,
    url: `https://chatgpt.com/c/${conversationId}`,
    title: '',
    turns: [{ role: 'user', text: 'hello', at }],
    version: 1,
    state: 'finished',
    summary: '',
    extractedVersion: 1,
    createdAt: at,
    updatedAt: at,
    lastActivityAt: at,
    ...over,
  };
}

/** An extraction job already claimed by runner `r1`, as the queue leaves it mid-run. */
export function runningJob(id: string, chatId: string, over: Partial<Job> = {}): Job {
  const at = new Date().toISOString();
  return {
    id,
    chatId,
    chatVersion: 1,
    state: 'running',
    attempts: 1,
    nextAttemptAt: at,
    lastError: null,
    createdAt: at,
    updatedAt: at,
    inputTokens: 0,
    outputTokens: 0,
    runner: 'r1',
    windowsDone: 0,
    ...over,
  };
}
