/**
 * The panel's side of reading a chosen file in a Worker (lib/bring-in/source-job.ts): relays
 * its progress, resolves with what it found, and ends the worker at once when cancelled —
 * mid-read or mid-parse, which a JSON.parse on the panel's own thread could never be.
 */
import type { SourceJobMessage } from '../../../lib/bring-in/source-job';
import type { FoundSource } from '../../../lib/bring-in/types';
import SourceJobWorker from '../read-source.worker?worker';

/** What the panel needs of a Worker (a test gives an in-process one). */
export interface SourceWorker {
  postMessage(message: { file: File }): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<SourceJobMessage>) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export type SourceProgress = Extract<SourceJobMessage, { type: 'progress' }>;

export class SourceReadCancelled extends Error {
  override name = 'SourceReadCancelled';
  constructor() {
    super('reading the file was cancelled; nothing was changed');
  }
}

const spawnSourceWorker = (): SourceWorker => new SourceJobWorker() as SourceWorker;

export function readInWorker(
  file: File,
  onProgress: (progress: SourceProgress) => void,
  signal: AbortSignal,
  spawn: () => SourceWorker = spawnSourceWorker,
): Promise<FoundSource> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new SourceReadCancelled());
      return;
    }
    const worker = spawn();
    const end = (settle: () => void) => {
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      signal.removeEventListener('abort', onAbort);
      settle();
    };
    const onAbort = () => end(() => reject(new SourceReadCancelled()));
    signal.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = ({ data }) => {
      if (data.type === 'progress') onProgress(data);
      else if (data.type === 'done') end(() => resolve(data.found));
      else end(() => reject(new Error(data.message)));
    };
    worker.onerror = () => end(() => reject(new Error('the file reader stopped unexpectedly')));
    worker.postMessage({ file });
  });
}
