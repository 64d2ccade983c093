/**
 * The one memory being edited in place. The draft lives here, not in the row, so scrolling
 * the virtualised list (which unmounts rows) never loses what the user typed.
 */
import { signal } from '@preact/signals';
import type { SpaceId } from '../../../lib/memory/spaces';
import type { MemoryRecord } from '../../../lib/memory/types';
import { formatWhen, parseWhen } from '../../../lib/memory/when';
import { editMemory } from './memory-actions';
import { editAndMove, moveToSpace } from './space-actions';

export type EditDraft = Pick<MemoryRecord, 'id' | 'content' | 'type' | 'importance' | 'scope' | 'note'> & {
  /** null: Everywhere. */
  space: SpaceId | null;
  /** The day it is about as typed; empty: none. */
  when: string;
};

/** What a save sends: the draft's fields, with the date checked (null: the date removed). */
type EditPatch = Partial<Omit<EditDraft, 'id' | 'space' | 'when'>> & { when?: string | null };

export const editing = signal<EditDraft | null>(null);

export function startEdit(m: MemoryRecord): void {
  editing.value = {
    id: m.id,
    content: m.content,
    type: m.type,
    importance: m.importance,
    scope: m.scope,
    note: m.note,
    space: m.space ?? null,
    when: m.when ?? '',
  };
}

export function changeDraft(patch: Partial<Omit<EditDraft, 'id'>>): void {
  if (editing.value) editing.value = { ...editing.value, ...patch };
}

export function cancelEdit(): void {
  editing.value = null;
}

/** Only the fields that changed are sent, so undo and `updatedAt` reflect a real edit. */
export function diffDraft(
  original: MemoryRecord,
  draft: Omit<EditDraft, 'space' | 'when'> & { when?: string },
): EditPatch {
  const patch: EditPatch = {};
  const content = draft.content.trim();
  if (content && content !== original.content) patch.content = content;
  if (draft.type !== original.type) patch.type = draft.type;
  if (draft.importance !== original.importance) patch.importance = draft.importance;
  if (draft.scope !== original.scope) patch.scope = draft.scope;
  if (draft.note !== original.note) patch.note = draft.note;
  if (draft.when === undefined) return patch;
  const typed = draft.when.trim();
  const when = typed ? parseWhen(typed) : null;
  if (!typed && original.when !== undefined) patch.when = null;
  if (when && formatWhen(when) !== original.when) patch.when = formatWhen(when);
  return patch;
}

export async function saveEdit(original: MemoryRecord): Promise<void> {
  const draft = editing.value;
  if (!draft || draft.id !== original.id) return;
  // A date that is no date is never saved, nor silently dropped: the field says what is wrong.
  if (draft.when.trim() && !parseWhen(draft.when)) return;
  const patch = diffDraft(original, draft);
  const edits = Object.keys(patch).length > 0;
  // A move goes through the spaces' own message, so it checks the space still exists.
  const moves = draft.space !== (original.space ?? null);
  const done = moves
    ? edits
      ? await editAndMove(original.id, patch, draft.space)
      : await moveToSpace([original.id], draft.space)
    : !edits || (await editMemory(original.id, patch));
  if (done) editing.value = null;
}

/** The memory whose details (source, history) are open; one at a time. */
export const detailsOpen = signal<string | null>(null);

export function toggleDetails(id: string): void {
  detailsOpen.value = detailsOpen.value === id ? null : id;
}
