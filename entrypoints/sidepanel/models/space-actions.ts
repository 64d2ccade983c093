/**
 * Every change to spaces from the panel, and moving memories between them: sent to the
 * background (the only writer), each registered with undo. Undo of a delete puts the space
 * and every memory back exactly (`spaces.restore`).
 */
import { t } from '../../../lib/i18n';
import type { SpaceMemoryFate } from '../../../lib/memory/space-fates';
import type { Space, SpaceId } from '../../../lib/memory/spaces';
import type { RequestOf } from '../../../lib/protocol';
import { send } from '../../../lib/protocol/panel-send';
import { preview } from './memory-actions';
import { guarded, say } from './notice';
import { clearSelection } from './selection';
import { spaceById } from './spaces';
import { recordAction } from './undo';

export type SpacePatch = RequestOf<'spaces.update'>['patch'];
type MemoryPatch = RequestOf<'memories.update'>['patch'];

/** The editable fields of a space as they are, to put back on undo. */
function fieldsOf(s: Space): SpacePatch {
  return { name: s.name, description: s.description, isolated: s.isolated, archived: s.archived, endsAt: s.endsAt };
}

export async function createSpace(fields: RequestOf<'spaces.create'>): Promise<Space | undefined> {
  const made = await guarded(() => send('spaces.create', fields));
  if (!made) return undefined;
  // Undo removes it; a memory moved into it meanwhile goes back to Everywhere, never away.
  recordAction(t('space.undoCreated', { name: made.name }), async () => {
    await send('spaces.delete', { id: made.id, memories: 'everywhere' });
  });
  return made;
}

export async function editSpace(id: SpaceId, patch: SpacePatch, label?: (name: string) => string): Promise<boolean> {
  const r = await guarded(() => send('spaces.update', { id, patch }));
  if (!r) return false;
  if (!r.before || !r.after) {
    say(t('space.gone.saved'));
    return false;
  }
  const { before, after } = r;
  recordAction((label ?? ((name) => t('space.undoEdited', { name })))(after.name), async () => {
    await send('spaces.update', { id, patch: fieldsOf(before) });
  });
  return true;
}

export function toggleArchived(space: Space): Promise<boolean> {
  const key = space.archived ? 'space.undoUnarchived' : 'space.undoArchived';
  return editSpace(space.id, { archived: !space.archived }, (name) => t(key, { name }));
}

export async function deleteSpace(id: SpaceId, memories: SpaceMemoryFate): Promise<boolean> {
  const r = await guarded(() => send('spaces.delete', { id, memories }));
  if (!r) return false;
  const { space } = r;
  if (!space) {
    say(t('space.gone.saved'));
    return false;
  }
  recordAction(t('space.undoDeleted', { name: space.name }), async () => {
    await send('spaces.restore', { space, memories: r.memories });
  });
  if (r.backupSkipped) say(() => t('memories.deletedNoBackup'));
  return true;
}

/** The name a move's undo label shows for its target. */
function targetName(space: SpaceId | null): string {
  if (space === null) return t('space.everywhere');
  return spaceById.value.get(space)?.name ?? t('space.gone');
}

/**
 * One edit that also moves the memory: one undo puts the record back as it was, removes the
 * version the new text made, and moves its earlier versions back.
 */
export async function editAndMove(id: string, patch: MemoryPatch, space: SpaceId | null): Promise<boolean> {
  const edit = await guarded(() => send('memories.update', { id, patch }));
  if (!edit) return false;
  const move = await guarded(() => send('spaces.move', { ids: [id], space }));
  const remove = edit.versionId ? [edit.versionId] : [];
  const records = [edit.before, ...(move?.before ?? []).filter((m) => m.id !== id && !remove.includes(m.id))];
  recordAction(t('undo.edited', { what: preview(edit.before) }), async () => {
    await send('memories.restore', { records, remove });
  });
  return move !== undefined;
}

/** Moves memories (and their earlier versions) to a space, or to Everywhere with null. */
export async function moveToSpace(ids: readonly string[], space: SpaceId | null): Promise<boolean> {
  if (ids.length === 0) return false;
  const r = await guarded(() => send('spaces.move', { ids: [...ids], space }));
  if (!r) return false;
  clearSelection();
  const chosen = new Set(ids);
  const n = r.before.filter((m) => chosen.has(m.id)).length;
  if (r.before.length > 0)
    recordAction(t('space.undoMoved', { n, name: targetName(space) }), async () => {
      await send('memories.restore', { records: r.before });
    });
  return true;
}
