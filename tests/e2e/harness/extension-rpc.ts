/** Sends protocol messages from an extension page (side panel), as the panel itself does. */
import type { Page } from 'playwright-core';

type ExtensionGlobal = { chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } } };

export interface RawReply {
  ok: boolean;
  data?: unknown;
  error?: { code: string; message: string };
}

export async function rawSend(page: Page, type: string, payload: unknown = {}): Promise<RawReply> {
  return (await page.evaluate(
    ([t, p]) => (globalThis as unknown as ExtensionGlobal).chrome.runtime.sendMessage({ type: t, payload: p }),
    [type, payload] as const,
  )) as RawReply;
}

export async function sendFrom<T = Record<string, unknown>>(
  page: Page,
  type: string,
  payload: unknown = {},
): Promise<T> {
  const reply = await rawSend(page, type, payload);
  if (!reply.ok) throw new Error(`${type}: ${reply.error?.message}`);
  return reply.data as T;
}

/** Starts a message without waiting for it; the worker may die before it answers. */
export async function sendAndForget(page: Page, type: string, payload: unknown = {}): Promise<void> {
  await page.evaluate(
    ([t, p]) => {
      void (globalThis as unknown as ExtensionGlobal).chrome.runtime
        .sendMessage({ type: t, payload: p })
        .catch(() => {});
    },
    [type, payload] as const,
  );
}
