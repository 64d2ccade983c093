/** Side panel state for the memory list: a live mirror of the store plus the last action's outcome. */
import { signal } from '@preact/signals';
import { watchAllMemories } from '../../../lib/db/live';
import { byCreation } from '../../../lib/memory/order';
import type { MemoryRecord } from '../../../lib/memory/types';
import { send } from '../../../lib/send';

export const memories = signal<MemoryRecord[]>([]);
export const loaded = signal(false);
export const status = signal<{ kind: 'info' | 'error'; text: string } | null>(null);

export function startMemoryModel(): () => void {
  return watchAllMemories((rows) => {
    memories.value = rows.sort(byCreation).reverse();
    loaded.value = true;
  });
}

export async function importFile(file: File): Promise<void> {
  try {
    const text = await file.text();
    const r = await send('transfer.import', { text });
    status.value = {
      kind: 'info',
      text: `Imported ${file.name}: ${r.added} added, ${r.updated} updated, ${r.skipped} skipped.`,
    };
  } catch (error) {
    status.value = { kind: 'error', text: `Import failed: ${(error as Error).message}` };
  }
}

export async function exportFile(): Promise<void> {
  try {
    const { text } = await send('transfer.export', {});
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `claude-mem-${new Date().toISOString().slice(0, 10)}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    status.value = { kind: 'info', text: 'Exported.' };
  } catch (error) {
    status.value = { kind: 'error', text: `Export failed: ${(error as Error).message}` };
  }
}
