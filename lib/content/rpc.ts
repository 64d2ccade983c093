/**
 * Messages from a chat page to the background with a deadline. The service worker may be
 * asleep, stopped mid-request or hung; a page must never wait on it longer than it can afford,
 * so every call resolves to the reply or null, never throws and never hangs.
 */
import type { ChatPageMessage, RequestOf, ResponseOf } from '../protocol';
import { send } from './send';

export async function call<T extends ChatPageMessage>(
  type: T,
  payload: RequestOf<T>,
  timeoutMs: number,
): Promise<ResponseOf<T> | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    // send() throws synchronously when the extension was reloaded under the page.
    const reply = Promise.resolve()
      .then(() => send(type, payload))
      .catch(() => null);
    return await Promise.race([reply, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves to the promise's value, or null once `deadline` (a performance.now() time) passes. */
export function until<T>(promise: Promise<T | null>, deadline: number): Promise<T | null> {
  const left = Math.max(0, deadline - performance.now());
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), left);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}
