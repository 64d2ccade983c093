/**
 * Bringing chat history in: the export is read in a Worker (read-history.worker.ts), each
 * batch is stored and indexed by the background before the worker reads on. The background
 * tracks the import as work (entrypoints/background/history-import-run.ts), so its bar (bytes
 * read) and Cancel are the shared ones every panel shows (views/work-bars.tsx). A cancelled
 * import's next batch is refused and the worker ended; the batches already stored stay (each
 * is history in its own right, searchable, never queued).
 */
import { signal } from '@preact/signals';
import type { HistoryJobMessage } from '../../../lib/history/import/history-job';
import { t } from '../../../lib/i18n';
import { MessageError } from '../../../lib/protocol/define';
import { send } from '../../../lib/protocol/panel-send';
import ReadHistoryWorker from '../read-history.worker?worker';
import { refresh } from './chats';
import { fail, say } from './notice';

/** True while this panel reads an export (its file picker is disabled meanwhile). */
export const importing = signal(false);
let worker: Worker | null = null;
let stored = 0;

function finish(importId: string, failed: boolean): void {
  worker?.terminate();
  worker = null;
  importing.value = false;
  void send('history.importEnd', { importId, failed }).catch(() => {});
  void refresh();
}

export function importHistory(file: File): void {
  if (worker) return;
  const counts = { added: 0, updated: 0, kept: 0 };
  const importId = `history-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  stored = 0;
  importing.value = true;
  const w = new ReadHistoryWorker() as Worker;
  worker = w;
  w.onmessage = async ({ data }: MessageEvent<HistoryJobMessage>) => {
    if (worker !== w) return;
    if (data.type === 'error') {
      finish(importId, true);
      fail(data.message);
      return;
    }
    if (data.type === 'done') {
      finish(importId, false);
      say(t('chats.importDone', counts));
      return;
    }
    try {
      const read = { done: data.progress.done, total: data.progress.total };
      const r = await send('history.import', { conversations: data.conversations, importId, read });
      if (worker !== w) return;
      counts.added += r.added;
      counts.updated += r.updated;
      counts.kept += r.kept;
      stored += r.added + r.updated;
      w.postMessage({ next: true });
    } catch (error) {
      finish(importId, true);
      if (error instanceof MessageError && error.code === 'cancelled') say(t('chats.importCancelled', { n: stored }));
      else fail(error instanceof Error ? error.message : String(error));
    }
  };
  w.onerror = () => {
    finish(importId, true);
    fail('the export reader stopped unexpectedly');
  };
  w.postMessage({ file });
}
