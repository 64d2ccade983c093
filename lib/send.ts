/**
 * The one way to talk to the background: typed by the protocol, reply checked on arrival.
 */
import { browser } from '#imports';
import { ERROR_CODES, MessageError, type MessageType, PROTOCOL, type RequestOf, type ResponseOf } from './messages';

export async function send<T extends MessageType>(type: T, payload: RequestOf<T>): Promise<ResponseOf<T>> {
  const reply: unknown = await browser.runtime.sendMessage({ type, payload });
  if (reply === null || typeof reply !== 'object' || !('ok' in reply)) {
    throw new MessageError('failed', `no valid reply to ${type}`);
  }
  const r = reply as { ok: boolean; data?: unknown; error?: { code?: unknown; message?: unknown } };
  if (!r.ok) {
    const code = ERROR_CODES.find((c) => c === r.error?.code) ?? 'failed';
    throw new MessageError(code, typeof r.error?.message === 'string' ? r.error.message : `${type} failed`);
  }
  const parsed = PROTOCOL[type].res.safeParse(r.data);
  if (!parsed.success) throw new MessageError('failed', `malformed reply to ${type}`);
  return parsed.data as ResponseOf<T>;
}
