/** One row of the Memories list, wired to the models (the components below stay presentational). */
import { MemoryDetails } from '../../../components/memory-details';
import { MemoryEditor } from '../../../components/memory-editor';
import { MemoryItem } from '../../../components/memory-item';
import type { MemoryRecord } from '../../../lib/memory/types';
import { byId, replacedOf } from '../models/memories';
import { deleteMemories, editMemory, toggleExpired, togglePin } from '../models/memory-actions';
import {
  cancelEdit,
  changeDraft,
  detailsOpen,
  editing,
  saveEdit,
  startEdit,
  toggleDetails,
} from '../models/memory-editor';
import { selected, toggleSelected } from '../models/selection';

export interface MemoryRowProps {
  memory: MemoryRecord;
}

export function MemoryRow({ memory: m }: MemoryRowProps) {
  const draft = editing.value?.id === m.id ? editing.value : null;
  const open = detailsOpen.value === m.id && !draft;
  return (
    <MemoryItem
      memory={m}
      selected={selected.value.has(m.id)}
      detailsOpen={open}
      editing={!!draft}
      changed={(replacedOf.value.get(m.id)?.length ?? 0) > 0}
      onSelect={(on) => toggleSelected(m.id, on)}
      onEdit={() => startEdit(m)}
      onPin={() => void togglePin(m)}
      onExpire={() => void toggleExpired(m)}
      onDelete={() => void deleteMemories([m.id])}
      onDetails={() => toggleDetails(m.id)}
    >
      {draft && (
        <MemoryEditor
          id={m.id}
          values={draft}
          onChange={changeDraft}
          onSave={() => void saveEdit(m)}
          onCancel={cancelEdit}
        />
      )}
      {open && (
        <MemoryDetails
          memory={m}
          replaces={replacedOf.value.get(m.id) ?? []}
          replacedBy={m.supersededBy ? (byId.value.get(m.supersededBy) ?? null) : null}
          onSaveKeywords={(keywords) => void editMemory(m.id, { keywords })}
        />
      )}
    </MemoryItem>
  );
}
