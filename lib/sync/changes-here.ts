/**
 * What changed in this device's store since the last round, from Dexie's change events: the
 * ids of the memories written, so a round compares those and not all 10,000. Every write to the
 * store goes through the worker, and the events of other contexts arrive through Dexie's
 * BroadcastChannel too. A worker that just started saw nothing of what happened while it slept:
 * its first round compares everything, unless the worker before it left nothing uncompared
 * (service.ts keeps that mark). A round compares everything too after anything this log cannot
 * name (a cleared table, a chat, a change to more memories than it keeps).
 */
import { type ObservabilitySet, RangeSet } from 'dexie';
import { SYNCED_MEMORY_FIELDS } from './codec';
import type { Travel } from './schemas';

/** What the next round must compare: everything, or these memories (and the rules, always). */
export type ChangedHere = { whole: true } | { whole: false; memories: readonly string[] };

/**
 * What a round compares and sends under: the travel switches, the store's schema version (an
 * upgrade may rewrite every memory before a worker listens) and the fields compared. A round
 * under other terms than the last one compares the whole store.
 */
export const compareTerms = (travel: Travel, schema: number): string =>
  JSON.stringify({ travel, schema, fields: SYNCED_MEMORY_FIELDS });

/** Beyond this many memories a round compares the whole store: as cheap, and the log stays small. */
const MAX_IDS = 2000;

export class ChangeLog {
  /** Nothing known of what happened before this log began (a worker's start). */
  private unknownStart = true;
  private whole = false;
  /** Each memory named, with the tick of the event that last named it. */
  private ids = new Map<string, number>();
  private tick = 0;
  private lastTerms: string | null = null;
  /** A space changed: every round compares all spaces (at most 200), so only a round is due. */
  private spaces = false;
  private readonly memories: string;
  private readonly chats: string;
  private readonly spaceTable: string;

  constructor(dbName: string) {
    this.memories = `idb://${dbName}/memories/`;
    this.chats = `idb://${dbName}/chats/`;
    this.spaceTable = `idb://${dbName}/spaces/`;
  }

  /** Notes a change event; true when it touched memories, spaces or chats (a round is due). */
  note(parts: ObservabilitySet): boolean {
    if ('all' in parts) {
      this.markWhole();
      return true;
    }
    let due = false;
    const spaces = parts[this.spaceTable];
    if (spaces && spaces.d > 0) {
      this.spaces = true;
      due = true;
    }
    const chats = parts[this.chats];
    if (chats && chats.d > 0) {
      this.whole = true;
      due = true;
    }
    const memories = parts[this.memories];
    if (memories && memories.d > 0) {
      due = true;
      this.tick++;
      for (const node of RangeSet(memories)) {
        if (node.from === node.to && typeof node.from === 'string') this.ids.set(node.from, this.tick);
        else this.whole = true;
      }
    }
    if (this.ids.size > MAX_IDS) this.whole = true;
    if (this.whole) this.ids.clear();
    return due;
  }

  /** Everything from here on is compared, e.g. on the hourly round. */
  markWhole(): void {
    this.whole = true;
    this.ids.clear();
  }

  /** Whether the next round must learn what happened before this log began. */
  get startUnknown(): boolean {
    return this.unknownStart;
  }

  /** What happened before this log began was all compared, under these `terms` (see `take`). */
  startKnown(terms: string): void {
    if (!this.unknownStart) return;
    this.unknownStart = false;
    this.lastTerms = terms;
  }

  /** Something waits to be compared: a round is due, and a worker stopped now would lose it. */
  get pending(): boolean {
    return this.unknownStart || this.whole || this.spaces || this.ids.size > 0;
  }

  /**
   * What changed so far, and a fresh log for what changes next. `terms` says what a round sends
   * (the travel switches): when they differ from the last round's, everything is compared (chat
   * history switched on: every chat here goes, though none changed).
   */
  take(terms = ''): ChangedHere {
    if (terms !== this.lastTerms) this.markWhole();
    this.lastTerms = terms;
    const out: ChangedHere =
      this.whole || this.unknownStart ? { whole: true } : { whole: false, memories: [...this.ids.keys()] };
    this.unknownStart = false;
    this.whole = false;
    this.spaces = false;
    this.ids = new Map();
    return out;
  }

  /** Where the log stands now: every event so far has a tick at or below it. */
  mark(): number {
    return this.tick;
  }

  /**
   * These memories were compared after `upTo` (a round's second stage, which reads them after
   * its own writes): names no event after it renewed are dropped. Sync's own writes then leave
   * nothing to compare.
   */
  compared(ids: readonly string[], upTo: number): void {
    for (const id of ids) if ((this.ids.get(id) ?? Number.POSITIVE_INFINITY) <= upTo) this.ids.delete(id);
  }

  /** A round that failed gives back what it took: those changes are compared again next time. */
  putBack(taken: ChangedHere): void {
    if (taken.whole) this.markWhole();
    else if (!this.whole) for (const id of taken.memories) this.ids.set(id, this.ids.get(id) ?? this.tick);
    if (this.ids.size > MAX_IDS) this.markWhole();
  }

  /**
   * Runs a round on what the log names: a round that fails gives it all back, and the memories
   * a round could not stage (`refused`) are named again for the next one.
   */
  async runRound<T extends { refused: readonly string[] } | null>(
    terms: string,
    round: (changed: ChangedHere, log: ChangeLog) => Promise<T>,
  ): Promise<T> {
    const changed = this.take(terms);
    try {
      const out = await round(changed, this);
      if (out && out.refused.length > 0) this.putBack({ whole: false, memories: out.refused });
      return out;
    } catch (error) {
      this.putBack(changed);
      throw error;
    }
  }
}
