/**
 * Accepting tidy-up proposals. Each accepted proposal is one transaction and one undo step
 * (`tidy` in the undo log, exact change records), so undoing one of several puts back exactly
 * the memories it changed and keeps every change made since. Nothing is deleted: a merge gives
 * the kept memory the new text (its old text becomes a version) and makes the merged-away ones
 * superseded versions of it; keep-newer makes the older ones superseded versions of the newer;
 * archive sets the status. A proposal whose memories changed since it was made is stale and is
 * refused: the user sees it marked and runs tidy-up again.
 */
import { withoutInvisible } from '../memory/invisible';
import { cleanKeywords } from '../memory/keyword-list';
import { MAX_MEMORY_CHARS, type MemoryRecord } from '../memory/types';
import { sameMemory } from '../memory/undo-compare';
import { changeMemory } from '../memory/versions';
import { isStale, type TidyProposalRow } from '../tidy/proposal';
import { now } from '../time';
import { db } from './db';
import { applyUndo, changesOf, recordUndo, type UndoOutcome, UndoUnavailable } from './undo-log';

export interface TidyAcceptResult {
  accepted: number;
  acceptedIds: string[];
  /** Proposals refused because a memory of their group changed since. */
  stale: number;
  /** Ids given that were not open proposals (already decided, gone). */
  skipped: number;
}

function supersededBy(m: MemoryRecord, keepId: string, at: string): MemoryRecord {
  return { ...m, status: 'superseded', supersededBy: keepId, pinned: false, updatedAt: at };
}

/** The records the proposal writes, from the memories as they are now (checked not stale). */
function applied(
  row: TidyProposalRow,
  current: ReadonlyMap<string, MemoryRecord>,
  at: string,
  edited?: { text: string; removed: number },
): MemoryRecord[] {
  const affected = row.affectedIds.map((id) => current.get(id)).filter((m): m is MemoryRecord => !!m);
  if (row.action === 'archive') return affected.map((m) => ({ ...m, status: 'archived', updatedAt: at }));
  const keep = row.keepId ? current.get(row.keepId) : undefined;
  if (!keep) return [];
  const gone = affected.map((m) => supersededBy(m, keep.id, at));
  if (row.action === 'keep-newer') return gone;
  const all = [keep, ...affected];
  const [changed, version] = changeMemory(
    keep,
    {
      content: edited?.text ?? row.text ?? keep.content,
      importance: Math.max(...all.map((m) => m.importance)),
      keywords: cleanKeywords(all.flatMap((m) => m.keywords ?? [])),
      // Text the user wrote is theirs: nothing changes it later without review.
      ...(edited ? { origin: { kind: 'hand' as const } } : {}),
      ...((edited?.removed ?? row.invisibleRemoved) > 0
        ? { invisibleRemoved: edited?.removed ?? row.invisibleRemoved }
        : {}),
    },
    at,
  );
  // A pin on any of the merged memories stays on the one that now says it all.
  return [{ ...changed, pinned: all.some((m) => m.pinned) }, version, ...gone];
}

async function acceptOne(id: string, out: TidyAcceptResult, edited?: { text: string; removed: number }): Promise<void> {
  await db.transaction('rw', db.memories, db.tidy, db.meta, async () => {
    const row = await db.tidy.get(id);
    if (row?.state !== 'open') {
      out.skipped++;
      return;
    }
    const current = await db.memories.bulkGet(row.before.map((m) => m.id));
    if (isStale(row, current)) {
      out.stale++;
      return;
    }
    const at = now();
    const byId = new Map(current.filter((m): m is MemoryRecord => !!m).map((m) => [m.id, m]));
    if (edited && row.action !== 'merge') throw new TidyEditRefused('Only a merge has a text to edit.');
    const after = applied(row, byId, at, edited);
    const before = after.flatMap((m) => (byId.has(m.id) ? [byId.get(m.id)!] : []));
    await db.memories.bulkPut(after);
    const undoId = await recordUndo('tidy', { memories: changesOf(before, after, sameMemory) });
    await db.tidy.update(id, { state: 'accepted', undoId, decidedAt: at });
    out.accepted++;
    out.acceptedIds.push(id);
  });
}

export class TidyEditRefused extends Error {
  override name = 'TidyEditRefused';
}

/**
 * Accepts open proposals, each as its own undoable step. `text` (one merge proposal only) is the
 * user's edit of the merged text: the merged memory is then the user's own (origin `hand`).
 */
export async function acceptTidyProposals(ids: readonly string[], text?: string): Promise<TidyAcceptResult> {
  const out: TidyAcceptResult = { accepted: 0, acceptedIds: [], stale: 0, skipped: 0 };
  if (text === undefined) {
    for (const id of ids) await acceptOne(id, out);
    return out;
  }
  const cleaned = withoutInvisible(text);
  const edited = { text: cleaned.text.trim().slice(0, MAX_MEMORY_CHARS), removed: cleaned.removed };
  if (ids.length !== 1 || !edited.text)
    throw new TidyEditRefused('An edited text accepts exactly one merge, with some text.');
  await acceptOne(ids[0]!, out, edited);
  return out;
}

/**
 * Undoes one accepted proposal: its memories go back where nobody changed them since, and
 * the proposal is open again (shown stale if something of it could not be put back).
 */
export async function undoTidyProposal(id: string): Promise<UndoOutcome> {
  const row = await db.tidy.get(id);
  if (row?.state !== 'accepted' || !row.undoId)
    throw new UndoUnavailable('This tidy-up change is not accepted, so there is nothing to undo.');
  const outcome = await applyUndo(row.undoId);
  await db.tidy.update(id, { state: 'open', undoId: undefined, decidedAt: undefined });
  return outcome;
}
