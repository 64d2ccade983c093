/**
 * Messages other issues define (site adapters, extraction, retrieval) that are not on this
 * branch yet. The panel asks for them by name with the shapes agreed in the brief and checks
 * the reply itself; while the background does not know one yet (`unknown_type`), the caller
 * gets `undefined` and falls back. Once they land, swap these calls for the typed `send`.
 */

import type * as z from 'zod/mini';
import { browser } from '#imports';

export type PendingMessage =
  | 'memories.search'
  | 'inject.preview'
  | 'tab.health'
  | 'chat.status'
  | 'chat.exclude'
  | 'chat.include'
  | 'queue.retry'
  | 'queue.extractNow'
  | 'queue.discard';

/** Set once a type answered `unknown_type`, so a missing feature is not asked for on every key. */
const missing = new Set<PendingMessage>();

export function isKnownMissing(type: PendingMessage): boolean {
  return missing.has(type);
}

export async function sendOptional<S extends z.ZodMiniType>(
  type: PendingMessage,
  payload: unknown,
  response: S,
): Promise<z.output<S> | undefined> {
  if (missing.has(type)) return undefined;
  const reply = (await browser.runtime.sendMessage({ type, payload })) as {
    ok?: boolean;
    data?: unknown;
    error?: { code?: string; message?: string };
  } | null;
  if (!reply?.ok) {
    if (reply?.error?.code === 'unknown_type') {
      missing.add(type);
      return undefined;
    }
    throw new Error(reply?.error?.message ?? `${type} failed`);
  }
  const parsed = response.safeParse(reply.data);
  if (!parsed.success) throw new Error(`unexpected reply to ${type}`);
  return parsed.data;
}
