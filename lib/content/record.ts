/**
 * Telling the background what became of a block it handed out, so its record (Activity) says
 * what happened: it went out with a message (`inject.record`, once the conversation has an id,
 * or without one after RECORD_WAIT_MS), or it missed its message (`inject.missed`).
 */
import { call } from './rpc';
import type { PageState } from './state';

/** An injection is recorded with its chat id once the page has one, or without after this. */
const RECORD_WAIT_MS = 20_000;

export function createRecorder(state: PageState) {
  let pending: { token: string; at: number } | null = null;
  return {
    /** The block with this token went out with a message. */
    sent(token: string): void {
      pending = { token, at: performance.now() };
    },
    /** Records the sent block once the conversation has an id (or has waited long enough). */
    flush(): void {
      if (!pending) return;
      if (!state.conversationId && performance.now() - pending.at < RECORD_WAIT_MS) return;
      const chatId = state.conversationId ? `${state.adapter.id}:${state.conversationId}` : null;
      void call('inject.record', { token: pending.token, chatId }, 5000);
      pending = null;
    },
    /** The block came after its message went without it: the background records the miss now. */
    missed(token: string): void {
      void call('inject.missed', { token }, 5000);
    },
  };
}

export type Recorder = ReturnType<typeof createRecorder>;
