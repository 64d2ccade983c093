/**
 * Capture: once the assistant has finished (no streaming signal, then a short settle with the
 * page unchanged), the whole ordered list of turns goes to the background. The block this
 * extension injected is stripped from user turns here and again in the background.
 */
import type { ChatTurn } from '../adapters/types';
import { stripInjectedBlocks } from '../memory/render';
import { call } from './rpc';
import type { PageState } from './state';

/** Quiet time after streaming stops before the page is read as final. */
export const SETTLE_MS = 700;
const RETRY_MS = [1000, 3000, 10_000, 30_000];

export function cleanCapturedTurns(turns: readonly ChatTurn[]): ChatTurn[] {
  return turns
    .map((t) => (t.role === 'user' ? { role: t.role, text: stripInjectedBlocks(t.text) } : t))
    .filter((t) => t.text !== '');
}

export function createCapture(state: PageState) {
  let sent = ''; // the last snapshot the background accepted
  let seen = ''; // the last snapshot read, waiting to settle
  let timer: number | undefined;
  let failures = 0;

  const snapshot = () => {
    const { adapter, conversationId } = state;
    const turns = cleanCapturedTurns(adapter.readTurns(document));
    return { conversationId: conversationId ?? '', url: location.href, title: adapter.title(document), turns };
  };

  async function flush(): Promise<void> {
    timer = undefined;
    if (!state.conversationId || state.excluded || state.adapter.isGenerating(document)) return;
    const snap = snapshot();
    const key = JSON.stringify(snap);
    if (key !== seen) return schedule(key, SETTLE_MS);
    if (key === sent || snap.turns.length === 0) return;
    const reply = await call('chat.capture', snap, 5000);
    if (!reply) return schedule(key, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]!);
    failures = 0;
    sent = key;
    if (reply.excluded !== state.excluded) {
      state.excluded = reply.excluded;
      state.changed();
    }
  }

  function schedule(key: string, ms: number): void {
    seen = key;
    if (timer !== undefined) clearTimeout(timer);
    timer = state.ctx.setTimeout(() => void flush(), ms);
  }

  return {
    /** The page changed: read it again once it has settled. */
    tick(): void {
      const ready = state.conversationId && !state.excluded && !state.adapter.isGenerating(document);
      const key = ready ? JSON.stringify(snapshot()) : sent;
      if (key === sent) {
        if (timer !== undefined) clearTimeout(timer);
        timer = undefined;
        return;
      }
      if (key !== seen || timer === undefined) schedule(key, SETTLE_MS);
    },
    /** A new conversation: forget what was sent for the previous one. */
    reset(): void {
      sent = '';
      seen = '';
      failures = 0;
    },
  };
}
