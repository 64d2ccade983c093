/**
 * The panel's chat-history export reader, off the panel's thread (lib/history/import/history-job.ts):
 * sent one file, it answers with batches of conversations and waits for "next" after each.
 */
import { type HistoryJobMessage, runHistoryJob } from '../../lib/history/import/history-job';

interface WorkerScope {
  onmessage: ((event: MessageEvent<{ file?: File; next?: true }>) => void) | null;
  postMessage(message: HistoryJobMessage): void;
}

const scope = self as unknown as WorkerScope;
let resume: (() => void) | null = null;
scope.onmessage = (event) => {
  if (event.data.next) {
    resume?.();
    resume = null;
    return;
  }
  const file = event.data.file;
  if (!file) return;
  void runHistoryJob(
    file,
    (message) => scope.postMessage(message),
    () =>
      new Promise<void>((resolve) => {
        resume = resolve;
      }),
  );
};
