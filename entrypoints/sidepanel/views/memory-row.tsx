/** One row of the Memories list, wired to the models (the components below stay presentational). */
import { MemoryDetails } from '../../../components/memory-details';
import { MemoryEditor } from '../../../components/memory-editor';
import { MemoryItem } from '../../../components/memory-item';
import { spaceOfValue, spaceOptions, spaceValue } from '../../../components/space-options';
import { t } from '../../../lib/i18n';
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
import { knownSpaces, spaceById, spaceChoice, spaces } from '../models/spaces';

export interface MemoryRowProps {
  memory: MemoryRecord;
}

/**
 * The space to show on a memory: its space's name, or "space gone". Nothing for Everywhere (no
 * label is the usual case, and a word on every row is noise), nor while the switcher shows
 * one group: every row there is in it.
 */
function spaceLabelOf(m: MemoryRecord): string | null {
  if (spaceChoice.value !== 'all' || m.space === undefined) return null;
  return spaceById.value.get(m.space)?.name ?? t('space.gone');
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
      spaceLabel={spaceLabelOf(m)}
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
          space={spaceValue(draft.space)}
          spaceOptions={spaceOptions(
            spaces.value,
            draft.space !== null && !knownSpaces.value.has(draft.space) ? draft.space : undefined,
          )}
          onSpace={(v) => changeDraft({ space: spaceOfValue(v) })}
          when={draft.when}
          onWhen={(when) => changeDraft({ when })}
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
