/**
 * Memories the user brought in (pasted lists, mem0 / OpenMemory exports, Markdown) go through
 * the extraction's own merge (lib/extraction/merge: privacy filter, near-duplicate and version
 * rules) as `add` items, so they are judged exactly like extracted ones. Planning runs in
 * chunks outside the transaction, reporting progress and honouring cancel between chunks;
 * the write is one transaction that first checks the store did not change meanwhile (an
 * extraction may have landed) and plans again inside it if it did.
 */
import { restated, restatementIndex } from '../bring-in/restatement';
import type { BringInItem, ItemCheck } from '../bring-in/types';
import type { ExtractedMemory } from '../extraction/extract-schema';
import { type MergePlan, type MergeStats, planMerge } from '../extraction/merge';
import type { MemoryRecord } from '../memory/types';
import type { PrivacyPattern } from '../settings/schema';
import { now } from '../time';
import { breathe, type WorkHandle } from '../work/tracker';
import { db } from './db';
import { recordUndo } from './undo-log';

const CHUNK = 25;
/** Brought-in memories have no chat behind them; the plan's placeholder source is cleared. */
const NO_CHAT = { site: '', url: '', chatId: '' };

/**
 * An item as the merge sees it. One that only restates a stored memory with or without its
 * subject takes the stored wording, so the merge finds it already known (lib/bring-in/restatement.ts).
 */
function asExtracted(item: BringInItem, known: ReadonlyMap<string, MemoryRecord>): ExtractedMemory {
  const content = restated(known, item)?.content ?? item.content;
  return { op: 'add', content, type: item.type, importance: item.importance };
}

/** Active and proposed memories: what a brought-in item may restate or replace. */
async function activeMemories(): Promise<MemoryRecord[]> {
  return db.memories.where('status').anyOf('active', 'proposed').toArray();
}

const BROUGHT_IN = { kind: 'brought-in' } as const;

/** A cheap fingerprint of the active set: equal fingerprints, equal plan. */
function fingerprint(active: readonly MemoryRecord[]): string {
  let newest = '';
  for (const m of active) if (m.updatedAt > newest) newest = m.updatedAt;
  return `${active.length}:${newest}`;
}

function verdictOf(plan: MergePlan, activeIds: ReadonlySet<string>): ItemCheck {
  const s = plan.stats;
  const existing = plan.writes.find((w) => activeIds.has(w.id))?.id ?? null;
  if (s.dropped) return { verdict: 'private', existing: null, label: plan.droppedLabels[0] ?? null };
  if (s.superseded) return { verdict: 'replaces', existing, label: null };
  if (s.updated) return { verdict: 'updates', existing, label: null };
  if (s.unchanged) return { verdict: 'same', existing, label: null };
  // A change to a pinned or hand-edited memory waits for review; the memory stays as it is.
  const changes = plan.writes.find((w) => w.proposal?.changes)?.proposal?.changes;
  if (changes) return { verdict: 'updates', existing: changes, label: null };
  return { verdict: 'new', existing: null, label: null };
}

/** What each item would do to the store as it is now, without writing anything. */
export async function checkBringIn(
  items: readonly BringInItem[],
  patterns: readonly PrivacyPattern[],
  work: WorkHandle,
): Promise<ItemCheck[]> {
  const active = await activeMemories();
  const ids = new Set(active.map((m) => m.id));
  const ctx = { active, aliases: new Map(), source: NO_CHAT, patterns, now: now(), origin: BROUGHT_IN };
  const known = restatementIndex(active);
  work.phase('merge', items.length);
  const out: ItemCheck[] = [];
  for (const item of items) {
    const check = verdictOf(planMerge([asExtracted(item, known)], ctx), ids);
    const same = check.verdict === 'same' ? restated(known, item) : null;
    out.push(same ? { ...check, existing: same.id } : check);
    if (out.length % CHUNK === 0) {
      work.set(out.length);
      await breathe();
      work.checkpoint();
    }
  }
  return out;
}

/** Applies one chunk's plan to the running active set, as the next chunk must see it. */
function carry(active: Map<string, MemoryRecord>, writes: readonly MemoryRecord[]): void {
  for (const w of writes) {
    if (w.status === 'active' || w.status === 'proposed') active.set(w.id, w);
    else active.delete(w.id);
  }
}

async function planInChunks(
  items: readonly BringInItem[],
  patterns: readonly PrivacyPattern[],
  work: WorkHandle,
  at: string,
): Promise<{ writes: Map<string, MemoryRecord>; stats: MergeStats; basis: string }> {
  const start = await activeMemories();
  const known = restatementIndex(start);
  const active = new Map(start.map((m) => [m.id, m]));
  const writes = new Map<string, MemoryRecord>();
  const stats: MergeStats = { added: 0, updated: 0, superseded: 0, unchanged: 0, dropped: 0, proposed: 0 };
  work.phase('merge', items.length);
  for (let i = 0; i < items.length; i += CHUNK) {
    const chunk = items.slice(i, i + CHUNK).map((item) => asExtracted(item, known));
    const plan = planMerge(chunk, {
      active: [...active.values()],
      aliases: new Map(),
      source: NO_CHAT,
      patterns,
      now: at,
      origin: BROUGHT_IN,
    });
    carry(active, plan.writes);
    for (const w of plan.writes) writes.set(w.id, w);
    for (const k of Object.keys(stats) as (keyof MergeStats)[]) stats[k] += plan.stats[k];
    work.set(Math.min(items.length, i + CHUNK));
    await breathe();
    work.checkpoint();
  }
  return { writes, stats, basis: fingerprint(start) };
}

/** New records get no chat source and, when the source had one, its date as creation date. */
function finish(
  writes: Iterable<MemoryRecord>,
  items: readonly BringInItem[],
  existing: ReadonlySet<string>,
): MemoryRecord[] {
  const dates = new Map(items.filter((i) => i.createdAt).map((i) => [i.content.trim(), i.createdAt as string]));
  return [...writes].map((w) => {
    // A changed memory or a version keeps its own source; the plan's placeholder is never stored.
    if (existing.has(w.id) || w.status === 'superseded')
      return w.source?.chatId === '' && w.source.site === '' ? { ...w, source: null } : w;
    const createdAt = dates.get(w.content) ?? w.createdAt;
    return { ...w, source: null, createdAt: createdAt < w.updatedAt ? createdAt : w.createdAt };
  });
}

export async function commitBringIn(
  items: readonly BringInItem[],
  patterns: readonly PrivacyPattern[],
  work: WorkHandle,
): Promise<MergeStats & { undoId: string }> {
  const at = now();
  const planned = await planInChunks(items, patterns, work, at);
  work.committing();
  return db.transaction('rw', db.memories, db.meta, async () => {
    const active = await activeMemories();
    let { writes, stats } = planned;
    if (fingerprint(active) !== planned.basis) {
      // The store moved while we planned: plan again against what is there now.
      const known = restatementIndex(active);
      const plan = planMerge(
        items.map((item) => asExtracted(item, known)),
        {
          active,
          aliases: new Map(),
          source: NO_CHAT,
          patterns,
          now: at,
          origin: BROUGHT_IN,
        },
      );
      writes = new Map(plan.writes.map((w) => [w.id, w]));
      stats = plan.stats;
    }
    const before = new Map(
      (await db.memories.bulkGet([...writes.keys()])).filter((m) => !!m).map((m) => [m.id, m] as const),
    );
    const rows = finish(writes.values(), items, new Set(before.keys()));
    work.phase('write', rows.length);
    for (let i = 0; i < rows.length; i += 500) {
      await db.memories.bulkPut(rows.slice(i, i + 500));
      work.set(i + 500);
    }
    const undoId = await recordUndo('bring-in', {
      memories: rows.map((r) => ({ id: r.id, before: before.get(r.id) ?? null, after: r })),
    });
    return { ...stats, undoId };
  });
}
