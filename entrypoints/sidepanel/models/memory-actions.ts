/**
 * Every change to memories from the panel: sent to the background (the only writer), then
 * registered with undo. Undo puts the exact old records back (`memories.restore`) or removes
 * what was added; the background takes a backup before deletes and bulk changes.
 */
import { t } from '../../../lib/i18n';
import type { MemoryRecord } from '../../../lib/memory/types';
import type { RequestOf } from '../../../lib/protocol';
import { send } from '../../../lib/protocol/panel-send';
import { guarded, say } from './notice';
import { clearSelection } from './selection';
import { recordAction } from './undo';

type Patch = RequestOf<'memories.update'>['patch'];
type BulkPatch = RequestOf<'memories.bulkUpdate'>['patch'];

export function preview(m: Pick<MemoryRecord, 'content'>): string {
  const text = m.content.replace(/\s+/g, ' ');
  return text.length > 24 ? `${text.slice(0, 24)}…` : text;
}

async function restore(records: readonly MemoryRecord[], remove: readonly string[] = []): Promise<void> {
  if (records.length > 0 || remove.length > 0)
    await send('memories.restore', { records: [...records], remove: [...remove] });
}

export async function editMemory(id: string, patch: Patch, label?: string): Promise<boolean> {
  const r = await guarded(() => send('memories.update', { id, patch }));
  if (!r) return false;
  recordAction(label ?? t('undo.edited', { what: preview(r.before) }), () =>
    restore([r.before], r.versionId ? [r.versionId] : []),
  );
  return true;
}

export function togglePin(m: MemoryRecord): Promise<boolean> {
  const key = m.pinned ? 'undo.unpinned' : 'undo.pinned';
  return editMemory(m.id, { pinned: !m.pinned }, t(key, { what: preview(m) }));
}

/** Expired memories are kept for inspection but never injected; "active" brings one back. */
export function toggleExpired(m: MemoryRecord): Promise<boolean> {
  const expired = m.status === 'expired';
  const key = expired ? 'undo.reactivated' : 'undo.expired';
  return editMemory(m.id, { status: expired ? 'active' : 'expired' }, t(key, { what: preview(m) }));
}

export async function deleteMemories(ids: readonly string[]): Promise<boolean> {
  if (ids.length === 0) return false;
  const r = await guarded(() => send('memories.delete', { ids: [...ids] }));
  if (!r) return false;
  clearSelection();
  const [first] = r.deleted;
  const label =
    r.deleted.length === 1 && first
      ? t('undo.deleted', { what: preview(first) })
      : t('undo.deletedMany', { n: r.deleted.length });
  recordAction(label, () => restore(r.deleted));
  if (r.backupSkipped) say(() => t('memories.deletedNoBackup'));
  return true;
}

export async function bulkUpdate(ids: readonly string[], patch: BulkPatch): Promise<boolean> {
  if (ids.length === 0) return false;
  const r = await guarded(() => send('memories.bulkUpdate', { ids: [...ids], patch }));
  if (!r) return false;
  recordAction(t('undo.bulkChanged', { n: r.after.length }), () => restore(r.before));
  return true;
}

export async function addMemory(input: RequestOf<'memories.add'>): Promise<MemoryRecord | undefined> {
  const m = await guarded(() => send('memories.add', input));
  if (!m) return undefined;
  recordAction(t('undo.added', { what: preview(m) }), async () => {
    await send('memories.delete', { ids: [m.id] });
  });
  return m;
}

/** Accepts proposals (with `content`, one proposal as the user edited it); one undoable step. */
export async function acceptProposals(ids: readonly string[], content?: string): Promise<boolean> {
  if (ids.length === 0) return false;
  const r = await guarded(() =>
    send('memories.accept', { ids: [...ids], ...(content !== undefined ? { content } : {}) }),
  );
  if (!r || r.count === 0) return false;
  const [first] = r.before;
  const label =
    r.count === 1 && first ? t('undo.accepted', { what: preview(first) }) : t('undo.acceptedMany', { n: r.count });
  recordAction(label, () => restore(r.before, r.created));
  return true;
}

/** Rejects proposals: removed, and back with undo. */
export async function rejectProposals(ids: readonly string[]): Promise<boolean> {
  if (ids.length === 0) return false;
  const r = await guarded(() => send('memories.reject', { ids: [...ids] }));
  if (!r || r.count === 0) return false;
  const [first] = r.before;
  const label =
    r.count === 1 && first ? t('undo.rejected', { what: preview(first) }) : t('undo.rejectedMany', { n: r.count });
  recordAction(label, () => restore(r.before));
  return true;
}
