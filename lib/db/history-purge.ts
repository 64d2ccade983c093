/**
 * Removing forgotten chats' postings and merging segments. Both walk in small transactions
 * and can stop anywhere: `hdead` rows stay until their postings are gone, and the merge keeps
 * its position in `meta`.
 */
import { Dexie } from 'dexie';
import { BUCKETS, bucketEntries, bucketOf, encodeBucket } from '../history/buckets';
import { mergePostings } from '../history/postings';
import { db, type HistoryTermRow } from './db';
import { bumpGeneration, SEGMENTS_SINCE_MERGE } from './history-index';

const MERGE_STATE = 'history.merge';
/** Merge once this many segments were written since the last merge. */
const MERGE_AFTER_SEGMENTS = 64;
const BUCKETS_PER_STEP = 64;

function bucketRows(bucket: number) {
  return db.hterms.where('[t+s]').between([bucket, Dexie.minKey], [bucket, Dexie.maxKey], true, true);
}

/** A row's terms without the chats `drop` names; null when nothing is left. */
function without(row: Uint8Array, drop: (n: number) => boolean): Uint8Array | null {
  const kept: [string, Uint8Array][] = [];
  for (const [term, postings] of bucketEntries(row)) {
    const next = mergePostings([postings], drop);
    if (next.length > 0) kept.push([term, next]);
  }
  return kept.length > 0 ? encodeBucket(kept) : null;
}

/** Rewrites each bucket's rows without the given chats. */
async function dropFromBuckets(buckets: readonly number[], drop: ReadonlySet<number>): Promise<void> {
  await db.transaction('rw', db.hterms, async () => {
    bumpGeneration();
    for (const bucket of buckets) {
      for (const row of await bucketRows(bucket).toArray()) {
        const next = without(row.d, (n) => drop.has(n));
        if (!next) await db.hterms.delete([row.t, row.s]);
        else if (next.length !== row.d.length) await db.hterms.put({ ...row, d: next });
      }
    }
  });
}

/** Purges the postings of forgotten chats whose terms are known; returns how many chats. */
export async function purgeForgotten(): Promise<number> {
  const dead = (await db.hdead.toArray()).filter((r) => r.terms.length > 0);
  if (dead.length === 0) return 0;
  const drop = new Set(dead.map((r) => r.n));
  const buckets = [...new Set(dead.flatMap((r) => r.terms.map(bucketOf)))].sort((a, b) => a - b);
  for (let i = 0; i < buckets.length; i += BUCKETS_PER_STEP) {
    await dropFromBuckets(buckets.slice(i, i + BUCKETS_PER_STEP), drop);
  }
  await db.hdead.bulkDelete([...drop]);
  return drop.size;
}

interface MergeState {
  /** The last bucket merged. */
  after: number;
  /** Forgotten chats without known terms when this merge began: gone once it ends. */
  dead: number[];
}

async function mergeDue(): Promise<boolean> {
  const since = ((await db.meta.get(SEGMENTS_SINCE_MERGE))?.value as number | undefined) ?? 0;
  return since >= MERGE_AFTER_SEGMENTS || (await db.hdead.filter((r) => r.terms.length === 0).count()) > 0;
}

/** One bucket's segments as one row, later segments winning, forgotten chats left out. */
function mergeBucket(rows: readonly HistoryTermRow[], live: ReadonlySet<number>): Uint8Array | null {
  const byTerm = new Map<string, Uint8Array[]>();
  for (const row of [...rows].sort((a, b) => a.s - b.s)) {
    for (const [term, postings] of bucketEntries(row.d)) byTerm.set(term, [...(byTerm.get(term) ?? []), postings]);
  }
  const kept: [string, Uint8Array][] = [];
  for (const [term, lists] of byTerm) {
    const merged = mergePostings(lists, (n) => !live.has(n));
    if (merged.length > 0) kept.push([term, merged]);
  }
  return kept.length > 0 ? encodeBucket(kept) : null;
}

/** Merges the next few buckets; returns the state after them, or null at the end. */
async function mergeStep(state: MergeState): Promise<MergeState | null> {
  return db.transaction('rw', [db.hterms, db.hchats, db.meta], async () => {
    bumpGeneration();
    const rows = await db.hterms
      .where('[t+s]')
      .between([state.after + 1, Dexie.minKey], [state.after + BUCKETS_PER_STEP, Dexie.maxKey], true, true)
      .toArray();
    const last = state.after + BUCKETS_PER_STEP;
    const live = new Set(await db.hchats.toCollection().primaryKeys());
    const byBucket = new Map<number, HistoryTermRow[]>();
    for (const r of rows) byBucket.set(r.t, [...(byBucket.get(r.t) ?? []), r]);
    for (const [t, group] of byBucket) {
      const merged = mergeBucket(group, live);
      await db.hterms.bulkDelete(group.map((r) => [r.t, r.s] as [number, number]));
      if (merged) await db.hterms.put({ t, s: 0, d: merged });
    }
    const next: MergeState = { ...state, after: last };
    await db.meta.put({ key: MERGE_STATE, value: next });
    return last >= BUCKETS - 1 ? null : next;
  });
}

/** Runs (or resumes) a whole merge when one is due (or `force`); returns whether one ran. */
export async function mergeSegments(force = false): Promise<boolean> {
  let state = (await db.meta.get(MERGE_STATE))?.value as MergeState | undefined;
  if (!state) {
    if (!force && !(await mergeDue())) return false;
    const dead = (await db.hdead.filter((r) => r.terms.length === 0).primaryKeys()) as number[];
    state = { after: -1, dead };
    await db.meta.put({ key: SEGMENTS_SINCE_MERGE, value: 0 });
    await db.meta.put({ key: MERGE_STATE, value: state });
  }
  for (let s: MergeState | null = state; s; ) s = await mergeStep(s);
  await db.transaction('rw', db.hdead, db.meta, async () => {
    await db.hdead.bulkDelete(state.dead);
    await db.meta.delete(MERGE_STATE);
  });
  return true;
}
