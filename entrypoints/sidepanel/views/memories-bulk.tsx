/** The bulk bar, shown while memories are selected. */
import { BulkBar } from '../../../components/bulk-bar';
import { spaceOfValue, spaceOptions } from '../../../components/space-options';
import { bulkUpdate, deleteMemories } from '../models/memory-actions';
import { visible } from '../models/memory-view';
import { clearSelection, selectAll, selected } from '../models/selection';
import { moveToSpace } from '../models/space-actions';
import { spaces } from '../models/spaces';

export function MemoriesBulk() {
  const ids = [...selected.value];
  if (ids.length === 0) return null;
  return (
    <BulkBar
      count={ids.length}
      shown={visible.value.length}
      onSelectAll={() => selectAll(visible.value.map((m) => m.id))}
      onClear={clearSelection}
      onDelete={() => void deleteMemories(ids)}
      onType={(type) => void bulkUpdate(ids, { type })}
      onScope={(scope) => void bulkUpdate(ids, { scope })}
      spaceOptions={spaceOptions(spaces.value)}
      onSpace={(value) => void moveToSpace(ids, spaceOfValue(value))}
    />
  );
}
