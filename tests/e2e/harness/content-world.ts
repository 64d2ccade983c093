/**
 * The extension's content-script world inside a chat page, reached over CDP: the isolated
 * JavaScript context Chromium gives the content script (origin `chrome-extension://ID`).
 * Messages sent from here carry the real content-script sender (tab, page URL), exactly as
 * the content script's own do, so the router's sender checks are tested for real. It can also
 * record every reply the content script itself receives from the background.
 */
import type { CDPSession, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RawReply } from './extension-rpc';

interface ExecutionContext {
  id: number;
  origin: string;
  name: string;
  auxData?: { type?: string; isDefault?: boolean; frameId?: string };
}

export interface Recorded {
  message: unknown;
  reply?: unknown;
  error?: string;
}

export interface ContentWorld {
  /** Sends `{ type, payload }` as the content script would and returns the raw reply. */
  send(type: string, payload?: unknown): Promise<RawReply>;
  /** From now on, every message the content script sends and the reply it gets are kept. */
  record(): Promise<void>;
  recorded(): Promise<Recorded[]>;
  /** Evaluates an expression in the content script's world (its globals, chrome.* APIs). */
  evaluate<T>(expression: string): Promise<T>;
  detach(): Promise<void>;
}

export async function contentWorld(page: Page, extensionId: string): Promise<ContentWorld> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const contexts: ExecutionContext[] = [];
  cdp.on('Runtime.executionContextCreated', (e: { context: ExecutionContext }) => contexts.push(e.context));
  cdp.on('Runtime.executionContextDestroyed', (e: { executionContextId: number }) => {
    const i = contexts.findIndex((c) => c.id === e.executionContextId);
    if (i >= 0) contexts.splice(i, 1);
  });
  cdp.on('Runtime.executionContextsCleared', () => {
    contexts.length = 0;
  });
  await cdp.send('Runtime.enable');
  const mainFrame = (await cdp.send('Page.getFrameTree')).frameTree.frame.id;
  const find = () =>
    contexts.find(
      (c) => c.auxData?.type === 'isolated' && c.auxData.frameId === mainFrame && c.origin.includes(extensionId),
    );
  await expect.poll(() => find() !== undefined, { timeout: 15_000 }).toBe(true);

  async function evaluate<T>(expression: string): Promise<T> {
    const context = find();
    if (!context) throw new Error('the content script world is gone');
    const result = await cdp.send('Runtime.evaluate', {
      expression,
      contextId: context.id,
      awaitPromise: true,
      returnByValue: true,
    });
    if (result.exceptionDetails) throw new Error(`content world: ${result.exceptionDetails.exception?.description}`);
    return result.result.value as T;
  }

  return {
    send: (type, payload = {}) =>
      evaluate<RawReply>(`chrome.runtime.sendMessage(${JSON.stringify({ type, payload })})`),
    record: () =>
      evaluate(`(() => {
        if (globalThis.__claudeMemRecorded) return;
        const log = (globalThis.__claudeMemRecorded = []);
        const runtime = chrome.runtime;
        const original = runtime.sendMessage.bind(runtime);
        runtime.sendMessage = (...args) => {
          const reply = original(...args);
          Promise.resolve(reply).then(
            (r) => log.push({ message: args[0], reply: r }),
            (e) => log.push({ message: args[0], error: String(e) }),
          );
          return reply;
        };
      })()`),
    recorded: () => evaluate<Recorded[]>('globalThis.__claudeMemRecorded ?? []'),
    evaluate,
    detach: () => cdp.detach(),
  };
}
