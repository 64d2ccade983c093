/**
 * Sending a message to the background, typed by one sender's map: the reply is checked on
 * arrival against that map's response schema. Each context builds its own `send` from the
 * map it may use, so a chat page bundles only the chat-page schemas.
 */
import type * as z from 'zod/mini';
import { browser } from '#imports';
import { ERROR_CODES, MessageError, type MessageMap } from './define';

export type Sender<M extends MessageMap> = <T extends keyof M & string>(
  type: T,
  payload: z.input<M[T]['req']>,
) => Promise<z.output<M[T]['res']>>;

export function createSend<M extends MessageMap>(map: M): Sender<M> {
  return async (type, payload) => {
    const reply: unknown = await browser.runtime.sendMessage({ type, payload });
    if (reply === null || typeof reply !== 'object' || !('ok' in reply)) {
      throw new MessageError('failed', `no valid reply to ${type}`);
    }
    const r = reply as { ok: boolean; data?: unknown; error?: { code?: unknown; message?: unknown } };
    if (!r.ok) {
      const code = ERROR_CODES.find((c) => c === r.error?.code) ?? 'failed';
      throw new MessageError(code, typeof r.error?.message === 'string' ? r.error.message : `${type} failed`);
    }
    const parsed = (map[type] as M[typeof type]).res.safeParse(r.data);
    if (!parsed.success) throw new MessageError('failed', `malformed reply to ${type}`);
    return parsed.data as z.output<M[typeof type]['res']>;
  };
}
