/**
 * The page's one state machine for its block, per conversation shown. The background's block
 * session (entrypoints/background/block/session.ts) owns the block itself; the page knows only
 * which of these it is in:
 *
 *   open ──a message goes with its block──────────────► sent ──the next message read──► followed up
 *    │ └─a block inserted by hand (`hand`), then sent──► sent
 *    └──the block not ready within the hold──► late ──the next message carries it──► sent
 *                                               └─no block came, or the chat's space changed─► open
 *   another conversation (reset): open.
 *
 * A late block that does come is recorded as a miss at once (record.ts), unless it was dropped
 * first (another conversation, another space).
 */
import type { Prepared } from './prepare';
import type { Recorder } from './record';

type Phase = { is: 'open' } | { is: 'late'; request: Promise<Prepared | null> } | { is: 'sent'; followedUp: boolean };

export function createPageBlock(recorder: Recorder) {
  let phase: Phase = { is: 'open' };
  /** A block inserted by hand and not sent yet: its token, recorded when a message carries it. */
  let hand: string | null = null;
  /** Counts late blocks dropped or replaced: a miss is recorded only for the one still waiting. */
  let lateTurn = 0;
  const dropLate = () => {
    lateTurn++;
    if (phase.is === 'late') phase = { is: 'open' };
  };
  return {
    /** A block went out in this conversation: no other goes. */
    get sent(): boolean {
      return phase.is === 'sent';
    },
    /** The block that missed the first message, which the next one carries; null if none waits. */
    get late(): Promise<Prepared | null> | null {
      return phase.is === 'late' ? phase.request : null;
    },
    /** The late block as it stands, set directly (it is already known to have missed). */
    set late(request: Promise<Prepared | null> | null) {
      if (request) phase = { is: 'late', request };
      else dropLate();
    },
    /**
     * The message went without its block (not ready within the hold). If the block does come,
     * the background records the miss, and the conversation's next message carries it.
     */
    missed(request: Promise<Prepared | null>): void {
      const turn = ++lateTurn;
      phase = { is: 'late', request };
      void request.then((prepared) => {
        if (turn !== lateTurn) return;
        if (prepared?.block && prepared.token) recorder.missed(prepared.token);
        else if (phase.is === 'late' && phase.request === request) phase = { is: 'open' };
      });
    },
    /** The chat's space may have changed: a late block made for the old one is not carried. */
    dropLate,
    /** The block with this token went in front of the message being sent. */
    carried(token: string): void {
      phase = { is: 'sent', followedUp: false };
      recorder.sent(token);
    },
    insertedByHand(token: string): void {
      hand = token;
    },
    /** A message carrying the block inserted by hand went: true if there was one. */
    handSent(): boolean {
      if (!hand) return false;
      recorder.sent(hand);
      hand = null;
      // A second block in a conversation: its next message was already read (or is next).
      if (phase.is !== 'sent') phase = { is: 'sent', followedUp: false };
      return true;
    },
    /** The first message after the block went without one: true once, for that message. */
    followUp(): boolean {
      if (phase.is !== 'sent' || phase.followedUp) return false;
      phase.followedUp = true;
      return true;
    },
    /** Another conversation: nothing of this one's block carries over (its record still goes). */
    reset(): void {
      dropLate();
      phase = { is: 'open' };
      hand = null;
    },
  };
}

export type PageBlock = ReturnType<typeof createPageBlock>;
