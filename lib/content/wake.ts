/**
 * Wakes a sleeping service worker before the user needs it. Chrome stops an idle worker after
 * about 30 s, and a cold worker needs a moment to load its ranking index; asking for nothing
 * when the page opens and when the composer gets focus starts that work while the user is
 * still typing, so the block is ready by Enter. Throttled: one ping per WAKE_EVERY_MS at most.
 */
import { call } from './rpc';

/** Well under Chrome's 30 s idle stop: a worker pinged this recently is still up. */
const WAKE_EVERY_MS = 10_000;

export function createWaker(): { wake(): void; reset(): void } {
  let last = Number.NEGATIVE_INFINITY;
  return {
    wake() {
      if (performance.now() - last < WAKE_EVERY_MS) return;
      last = performance.now();
      void call('ping', {}, 2000);
    },
    reset() {
      last = Number.NEGATIVE_INFINITY;
    },
  };
}
