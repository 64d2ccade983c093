/**
 * Capture: once the assistant has finished (no streaming signal, then a short settle with the
 * page unchanged), the whole ordered list of turns goes to the background. The block this
 * extension injected is stripped from user turns here and again in the background.
 */
import type { ChatTurn } from '../adapters/types';
import { stripInjectedBlocks } from '../ranking/render';
import { boundTurns } from '../sites/bounds';
import { call } from './rpc';
import { type PageState, refreshConfig } from './state';

/** Quiet time after streaming stops before the page is read as final. */
const SETTLE_MS = 700;
const RETRY_MS = [1000, 3000, 10_000, 30_000];

/** What is sent: our block stripped, and no more than the background would keep (the page sets the size). */
export function cleanCapturedTurns(turns: readonly ChatTurn[], marks: readonly string[]): ChatTurn[] {
  return boundTurns(
    turns
      .map((t) => (t.role === 'user' ? { role: t.role, text: stripInjectedBlocks(t.text, marks) } : t))
      .filter((t) => t.text !== ''),
  );
}

export class Capture {
  private sent = ''; // the last snapshot the background accepted
  private seen = ''; // the last snapshot read, waiting to settle
  private timer: number | undefined;
  private failures = 0;

  constructor(private readonly state: PageState) {}

  /** The page changed: read it again once it has settled. */
  tick(): void {
    const key = this.ready() ? JSON.stringify(this.snapshot()) : this.sent;
    if (key === this.sent) this.cancel();
    else if (key !== this.seen || this.timer === undefined) this.schedule(key, SETTLE_MS);
  }

  /**
   * Leaving a conversation: its last read snapshot, if not sent yet (the user moved on within
   * the settle time), goes to the background now; then everything is forgotten.
   */
  leave(): Promise<void> {
    const pending = this.seen && this.seen !== this.sent ? this.seen : null;
    this.reset();
    if (!pending) return Promise.resolve();
    const snap = JSON.parse(pending) as ReturnType<Capture['snapshot']>;
    if (snap.turns.length === 0) return Promise.resolve();
    return call('chat.capture', snap, 5000).then(() => undefined);
  }

  /** A new conversation: forget what was sent for the previous one. */
  reset(): void {
    this.cancel();
    this.sent = '';
    this.seen = '';
    this.failures = 0;
  }

  private ready(): boolean {
    const { conversationId, excluded, adapter, config } = this.state;
    return config.learn && !!conversationId && !excluded && !adapter.isGenerating(document);
  }

  private snapshot() {
    const { adapter, conversationId } = this.state;
    const turns = cleanCapturedTurns(adapter.readTurns(document), this.state.marks);
    return { conversationId: conversationId ?? '', url: location.href, title: adapter.title(document), turns };
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    if (!this.ready()) return;
    const snap = this.snapshot();
    const key = JSON.stringify(snap);
    if (key !== this.seen) return this.schedule(key, SETTLE_MS);
    if (key === this.sent || snap.turns.length === 0) return;
    const reply = await call('chat.capture', snap, 5000);
    if (!reply) {
      // Refused (learning may have been switched off meanwhile) or no answer: ask for the switches again.
      void refreshConfig(this.state, true);
      return this.schedule(key, RETRY_MS[Math.min(this.failures++, RETRY_MS.length - 1)]!);
    }
    this.failures = 0;
    this.sent = key;
    if (reply.excluded !== this.state.excluded) {
      this.state.excluded = reply.excluded;
      this.state.changed();
    }
  }

  private schedule(key: string, ms: number): void {
    this.seen = key;
    this.cancel();
    this.timer = this.state.ctx.setTimeout(() => void this.flush(), ms);
  }

  private cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
