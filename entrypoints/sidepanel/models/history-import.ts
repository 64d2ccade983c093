/**
 * Bringing chat history in: the export is read in a Worker (read-history.worker.ts), each
 * batch is stored and indexed by the background before the worker reads on, and the bar shows
 * the bytes read and the chats brought in. Cancel ends the worker at once; the batches already
 * stored stay (each is history in its own right, searchable, never queued).
 */
import { signal } from '@preact/signals';
import type { HistoryJobMessage } from '../../../lib/history/import/history-job';
import { t } from '../../../lib/i18n';
import { send } from '../../../lib/protocol/panel-send';
import ReadHistoryWorker from '../read-history.worker?worker';
import { refresh } from './chats';
import { fail, say } from './notice';

export interface ImportBar {
  done: number;
  total: number;
  chats: number;
}

export const importing = signal<ImportBar | null>(null);
let worker: Worker | null = null;
let stored = 0;

function finish(): void {
  worker?.terminate();
  worker = null;
  importing.value = null;
  void refresh();
}

export function cancelImport(): void {
  if (!worker) return;
  finish();
  say(t('chats.importCancelled', { n: stored }));
}

export function importHistory(file: File): void {
  if (worker) return;
  const counts = { added: 0, updated: 0, kept: 0 };
  stored = 0;
  importing.value = { done: 0, total: file.size, chats: 0 };
  const w = new ReadHistoryWorker() as Worker;
  worker = w;
  w.onmessage = async ({ data }: MessageEvent<HistoryJobMessage>) => {
    if (worker !== w) return;
    if (data.type === 'error') {
      finish();
      fail(data.message);
      return;
    }
    if (data.type === 'done') {
      finish();
      say(t('chats.importDone', counts));
      return;
    }
    try {
      const r = await send('history.import', { conversations: data.conversations });
      if (worker !== w) return;
      counts.added += r.added;
      counts.updated += r.updated;
      counts.kept += r.kept;
      stored += r.added + r.updated;
      importing.value = { done: data.progress.done, total: data.progress.total, chats: data.progress.conversations };
      w.postMessage({ next: true });
    } catch (error) {
      finish();
      fail(error instanceof Error ? error.message : String(error));
    }
  };
  w.onerror = () => {
    finish();
    fail('the export reader stopped unexpectedly');
  };
  w.postMessage({ file });
}
