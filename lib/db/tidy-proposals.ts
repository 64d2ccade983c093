/**
 * Repository for the `tidy` table: tidy-up's proposals (lib/tidy/proposal.ts). A run stores
 * each call's proposals as soon as its answer checks out, so a run stopped by the cap or by
 * Cancel keeps what was done. A new run replaces the proposals still waiting from earlier runs;
 * accepted ones stay while their undo lasts (a day), so the panel can offer Undo.
 */
import type { TidyDraft } from '../tidy/answer';
import type { TidyProposalRow } from '../tidy/proposal';
import { now, nowMs } from '../time';
import { db } from './db';
import { watch } from './live';

const KEEP_DECIDED_MS = 24 * 60 * 60 * 1000;

/** Before a run: open and rejected proposals go, and accepted ones whose undo has expired. */
export async function clearTidyProposals(): Promise<void> {
  const at = nowMs();
  await db.transaction('rw', db.tidy, async () => {
    const rows = await db.tidy.toArray();
    const gone = rows.filter((r) => r.state !== 'accepted' || at - Date.parse(r.decidedAt ?? r.at) > KEEP_DECIDED_MS);
    await db.tidy.bulkDelete(gone.map((r) => r.id));
  });
}

export async function storeTidyProposals(
  runId: string,
  drafts: readonly TidyDraft[],
  firstOrder: number,
): Promise<TidyProposalRow[]> {
  const at = now();
  const rows: TidyProposalRow[] = drafts.map((d, i) => ({
    ...d,
    id: crypto.randomUUID(),
    runId,
    at,
    order: firstOrder + i,
    state: 'open',
  }));
  await db.tidy.bulkAdd(rows);
  return rows;
}

export async function listTidyProposals(): Promise<TidyProposalRow[]> {
  return (await db.tidy.toArray()).sort((a, b) => a.at.localeCompare(b.at) || a.order - b.order);
}

/** Rejects open proposals: nothing in the memories changes. Returns how many. */
export async function rejectTidyProposals(ids: readonly string[]): Promise<number> {
  return db.transaction('rw', db.tidy, async () => {
    const rows = (await db.tidy.bulkGet([...ids])).filter((r): r is TidyProposalRow => r?.state === 'open');
    const at = now();
    await db.tidy.bulkUpdate(rows.map((r) => ({ key: r.id, changes: { state: 'rejected' as const, decidedAt: at } })));
    return rows.length;
  });
}

/** The memories these proposals would change (the backup taken before accepting holds them). */
export async function memoriesOfProposals(ids: readonly string[]): Promise<string[]> {
  const rows = (await db.tidy.bulkGet([...ids])).filter((r): r is TidyProposalRow => !!r);
  return [...new Set(rows.flatMap((r) => [...(r.keepId ? [r.keepId] : []), ...r.affectedIds]))];
}

export function watchTidyProposals(onValue: (rows: TidyProposalRow[]) => void): () => void {
  return watch(listTidyProposals, onValue);
}
