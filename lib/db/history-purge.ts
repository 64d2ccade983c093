/**
 * Removing forgotten chats' postings and merging segments. Both walk in small transactions
 * and can stop anywhere: `hdead` rows stay until their postings are gone, and the merge keeps
 * its position in `meta`.
 */
import { Dexie } from 'dexie';
import { mergePostings } from '../history/postings';
import { db, type HistoryTermRow } from './db';
import { SEGMENTS_SINCE_MERGE } from './history-index';

const MERGE_STATE = 'history.merge';
/** Merge once this many segments were written since the last merge. */
const MERGE_AFTER_SEGMENTS = 64;
const TERMS_PER_STEP = 400;
const ROWS_PER_STEP = 2_000;

function termRange(term: string) {
  return db.hterms.where('[t+s]').between([term, Dexie.minKey], [term, Dexie.maxKey], true, true);
}

/** Rewrites each term's rows without the given chats; returns rows changed. */
async function dropFromTerms(terms: readonly string[], drop: ReadonlySet<number>): Promise<number> {
  return db.transaction('rw', db.hterms, async () => {
    let changed = 0;
    for (const term of terms) {
      for (const row of await termRange(term).toArray()) {
        const next = mergePostings([row.d], (n) => drop.has(n));
        if (next.length === row.d.length) continue;
        changed++;
        if (next.length === 0) await db.hterms.delete([row.t, row.s]);
        else await db.hterms.put({ ...row, d: next });
      }
    }
    return changed;
  });
}

/** Purges the postings of forgotten chats whose terms are known; returns rows changed. */
export async function purgeForgotten(): Promise<number> {
  const dead = (await db.hdead.toArray()).filter((r) => r.terms.length > 0);
  if (dead.length === 0) return 0;
  const drop = new Set(dead.map((r) => r.n));
  const terms = [...new Set(dead.flatMap((r) => r.terms))];
  let changed = 0;
  for (let i = 0; i < terms.length; i += TERMS_PER_STEP) {
    changed += await dropFromTerms(terms.slice(i, i + TERMS_PER_STEP), drop);
  }
  await db.hdead.bulkDelete([...drop]);
  return changed;
}

interface MergeState {
  after: [string, number] | null;
  /** Forgotten chats without known terms when this merge began: gone once it ends. */
  dead: number[];
}

async function mergeDue(): Promise<boolean> {
  if ((await db.meta.get(MERGE_STATE))?.value) return true;
  const since = ((await db.meta.get(SEGMENTS_SINCE_MERGE))?.value as number | undefined) ?? 0;
  return since >= MERGE_AFTER_SEGMENTS || (await db.hdead.filter((r) => r.terms.length === 0).count()) > 0;
}

/** One step of the merge: every term's segments become one row, without forgotten chats. */
async function mergeStep(state: MergeState): Promise<MergeState | null> {
  return db.transaction('rw', [db.hterms, db.hchats, db.meta], async () => {
    const from = state.after;
    const coll = from ? db.hterms.where('[t+s]').above(from) : db.hterms.toCollection();
    const rows: HistoryTermRow[] = await coll.limit(ROWS_PER_STEP).toArray();
    if (rows.length === 0) return null;
    const last = rows[rows.length - 1]!;
    // Finish the last term so each term is merged in one step.
    rows.push(
      ...(await db.hterms.where('[t+s]').between([last.t, last.s], [last.t, Dexie.maxKey], false, true).toArray()),
    );
    const live = new Set(await db.hchats.toCollection().primaryKeys());
    const byTerm = new Map<string, HistoryTermRow[]>();
    for (const r of rows) byTerm.set(r.t, [...(byTerm.get(r.t) ?? []), r]);
    for (const [t, group] of byTerm) {
      const merged = mergePostings(
        group.map((r) => r.d),
        (n) => !live.has(n),
      );
      if (group.length === 1 && group[0]!.s === 0 && merged.length === group[0]!.d.length) continue;
      await db.hterms.bulkDelete(group.map((r) => [r.t, r.s] as [string, number]));
      if (merged.length > 0) await db.hterms.put({ t, s: 0, d: merged });
    }
    const end = rows[rows.length - 1]!;
    const next: MergeState = { ...state, after: [end.t, Number.MAX_SAFE_INTEGER] };
    await db.meta.put({ key: MERGE_STATE, value: next });
    return next;
  });
}

/** Runs (or resumes) a whole merge when one is due (or `force`); returns whether one ran. */
export async function mergeSegments(force = false): Promise<boolean> {
  let state = (await db.meta.get(MERGE_STATE))?.value as MergeState | undefined;
  if (!state) {
    if (!force && !(await mergeDue())) return false;
    const dead = (await db.hdead.filter((r) => r.terms.length === 0).primaryKeys()) as number[];
    state = { after: null, dead };
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
