/**
 * Capture: once the assistant has finished (no streaming signal, then a short settle with the
 * page unchanged), the conversation goes to the background. Only what changed since the last
 * accepted capture is sent: the turns from the first one that differs, with one fingerprint
 * standing for those before it; the background checks that fingerprint against what it stored
 * and asks for everything when they differ (another tab, a restore, a cut). The block this
 * extension injected is stripped from user turns here and again in the background.
 */
import type { ChatTurn } from '../adapters/types';
import { stripInjectedBlocks } from '../ranking/block';
import { boundTurns } from '../sites/bounds';
import type { ReadTurn } from './page-turns';
import { projectOfPage } from './project';
import { call } from './rpc';
import { heardExcluded, type PageState, refreshConfig } from './state';
import { deltaOf } from './turn-delta';

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

interface Snapshot {
  conversationId: string;
  url: string;
  title: string;
  /** The site project the page is in (project.ts). */
  project: string | null;
  turns: readonly ReadTurn[];
  /** One string for "has anything changed": the page's facts and every turn's fingerprint. */
  key: string;
}

export class Capture {
  /** Fingerprints of the turns the background accepted last, and the key of that snapshot. */
  private sentHashes: string[] = [];
  private sent = '';
  private seen = ''; // the key of the last snapshot read, waiting to settle
  private pending: Snapshot | null = null;
  private timer: number | undefined;
  private failures = 0;

  constructor(private readonly state: PageState) {}

  /** The page changed: read it again once it has settled. `streaming`: the caller just looked. */
  tick(streaming?: boolean): void {
    const snap = this.ready(streaming) ? this.snapshot() : null;
    const key = snap?.key ?? this.sent;
    if (key === this.sent) this.cancel();
    else if (key !== this.seen || this.timer === undefined) this.schedule(snap!, SETTLE_MS);
  }

  /**
   * Leaving a conversation: its last read snapshot, if not sent yet (the user moved on within
   * the settle time), goes to the background now; then everything is forgotten.
   */
  async leave(): Promise<void> {
    const pending = this.pending && this.pending.key !== this.sent ? this.pending : null;
    const hashes = this.sentHashes;
    this.reset();
    if (!pending || pending.turns.length === 0) return;
    const reply = await call('chat.capture', payload(pending, hashes), 5000);
    if (reply?.resend) await call('chat.capture', payload(pending, []), 5000);
  }

  /** A new conversation: forget what was sent for the previous one. */
  reset(): void {
    this.cancel();
    this.sentHashes = [];
    this.sent = '';
    this.seen = '';
    this.pending = null;
    this.failures = 0;
  }

  private ready(streaming?: boolean): boolean {
    const { conversationId, excluded, adapter, config } = this.state;
    return config.learn && !!conversationId && !excluded && !(streaming ?? adapter.isGenerating(document));
  }

  private snapshot(): Snapshot {
    const { adapter, conversationId } = this.state;
    const turns = this.state.turns.read(this.state.marks);
    const meta = {
      conversationId: conversationId ?? '',
      url: location.href,
      title: adapter.title(document),
      project: projectOfPage(adapter),
    };
    const key = JSON.stringify([
      meta.conversationId,
      meta.url,
      meta.title,
      meta.project,
      turns.map((t) => t.hash).join(','),
    ]);
    return { ...meta, turns, key };
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    if (!this.ready()) return;
    const snap = this.snapshot();
    if (snap.key !== this.seen) return this.schedule(snap, SETTLE_MS);
    if (snap.key === this.sent || snap.turns.length === 0) return;
    const asked = this.state.exclusionSet;
    const reply = await call('chat.capture', payload(snap, this.sentHashes), 5000);
    if (!reply) {
      // Refused (learning may have been switched off meanwhile) or no answer: ask for the switches again.
      void refreshConfig(this.state, true);
      return this.schedule(snap, RETRY_MS[Math.min(this.failures++, RETRY_MS.length - 1)]!);
    }
    if (reply.resend) {
      // The background holds something else than what this page sent last: send everything.
      this.sentHashes = [];
      return this.schedule(snap, 0);
    }
    this.failures = 0;
    this.sent = snap.key;
    this.sentHashes = snap.turns.map((t) => t.hash);
    heardExcluded(this.state, asked, reply.excluded);
  }

  private schedule(snap: Snapshot, ms: number): void {
    this.seen = snap.key;
    this.pending = snap;
    this.cancel();
    this.timer = this.state.ctx.setTimeout(() => void this.flush(), ms);
  }

  private cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

function payload(snap: Snapshot, sentHashes: readonly string[]) {
  return {
    conversationId: snap.conversationId,
    url: snap.url,
    title: snap.title,
    project: snap.project,
    ...deltaOf(snap.turns, sentHashes),
  };
}
