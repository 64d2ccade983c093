/**
 * Reading a chat-history export in the side panel's Worker: conversations go out in batches,
 * each waiting for the panel's "next" (sent once the background stored and indexed the batch),
 * so the reader never runs far ahead of the store. Cancel is the panel ending the worker.
 */
import { type ExportProgress, readExport } from './read-export';
import type { ImportedConversation } from './types';

export type HistoryJobMessage =
  | { type: 'batch'; conversations: ImportedConversation[]; progress: ExportProgress }
  | { type: 'done'; progress: ExportProgress }
  | { type: 'error'; message: string };

export async function runHistoryJob(
  file: File,
  post: (message: HistoryJobMessage) => void,
  next: () => Promise<void>,
): Promise<void> {
  try {
    const progress = await readExport(file, file.name, async (conversations, p) => {
      post({ type: 'batch', conversations, progress: p });
      await next();
    });
    post({ type: 'done', progress });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}
