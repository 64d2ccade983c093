/**
 * Reading a chosen file into a preview, as one job with progress: the bytes as they are read,
 * then the parse (decode, unzip, JSON), which reports no counts. The side panel runs it in a
 * Worker, so a file of tens of MB never freezes the panel and Cancel can stop it at any point
 * (the panel ends the worker); the messages below are all the worker ever says.
 */
import { readBlob } from './read-blob';
import { readSourceFile } from './read-source';
import type { FoundSource } from './types';

export type SourceJobMessage =
  | { type: 'progress'; phase: 'read' | 'parse'; done: number; total: number }
  | { type: 'done'; found: FoundSource }
  | { type: 'error'; message: string };

/** Progress goes out at most this often (and always at the start and end of a phase). */
const REPORT_EVERY_MS = 50;

export async function runSourceJob(
  file: File,
  post: (message: SourceJobMessage) => void,
  clock: () => number = () => Date.now(),
): Promise<void> {
  let last = -Infinity;
  const onBytes = (done: number, total: number) => {
    const at = clock();
    if (done !== 0 && done !== total && at - last < REPORT_EVERY_MS) return;
    last = at;
    post({ type: 'progress', phase: 'read', done, total });
  };
  try {
    const bytes = await readBlob(file, onBytes);
    post({ type: 'progress', phase: 'parse', done: 0, total: 0 });
    post({ type: 'done', found: await readSourceFile(file.name, bytes) });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}
