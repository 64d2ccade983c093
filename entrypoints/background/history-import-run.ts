/**
 * Bringing chat history in, as tracked work: the panel's Worker reads the export and sends it
 * batch by batch; the first batch of an import opens a `history` run in the work tracker
 * (lib/work), so every open panel shows the bar through `work.progress`, and a restore or a
 * memory import cannot start meanwhile (the same lane). Each batch is stored and indexed before
 * the reply, which paces the reader. Cancel (from any panel) refuses that import's next batch;
 * the batches already in stay. A reader that stops sending (its panel closed) ends the run
 * after IDLE_MS.
 */
import { storeImported } from '../../lib/db/history-import';
import { keepHistoryIndexed } from '../../lib/db/history-upkeep';
import type { ImportedConversation } from '../../lib/history/import/types';
import { MessageError } from '../../lib/protocol/define';
import { runWork, WorkBusy, WorkCancelled, type WorkHandle } from '../../lib/work/tracker';

const IDLE_MS = 120_000;

interface Session {
  importId: string;
  work: WorkHandle;
  end: (failed: boolean) => void;
  idle?: ReturnType<typeof setTimeout>;
}

let session: Session | null = null;
/** Imports whose run was cancelled: their late batches are refused, not started afresh. */
const cancelled = new Set<string>();

/** Opens the run; rejects with the tracker's WorkBusy when other store work runs. */
function open(importId: string, total: number): Promise<Session> {
  return new Promise((ready, refuse) => {
    let mine: Session | null = null;
    const run = runWork('history', (work) => {
      work.phase('read', total, 'bytes');
      return new Promise<void>((done, fail) => {
        mine = { importId, work, end: (failed) => (failed ? fail(new Error('the export reader stopped')) : done()) };
        work.signal.addEventListener('abort', () => {
          if (cancelled.size >= 20) cancelled.clear();
          cancelled.add(importId);
          fail(new WorkCancelled('history'));
        });
        session = mine;
        ready(mine);
      });
    });
    run.catch(refuse).finally(() => {
      if (mine) clearTimeout(mine.idle);
      if (session === mine) session = null;
    });
  });
}

function asMessageError(error: unknown): unknown {
  if (error instanceof WorkBusy) return new MessageError('busy', error.message);
  if (error instanceof WorkCancelled) return new MessageError('cancelled', error.message);
  return error;
}

async function sessionFor(importId: string, total: number): Promise<Session> {
  if (cancelled.has(importId)) throw new WorkCancelled('history');
  if (session?.importId === importId) return session;
  return open(importId, total);
}

export async function importHistoryBatch(req: {
  conversations: readonly ImportedConversation[];
  importId: string;
  read: { done: number; total: number };
}) {
  try {
    const s = await sessionFor(req.importId, req.read.total);
    clearTimeout(s.idle);
    s.work.checkpoint();
    const counts = await storeImported(req.conversations);
    await keepHistoryIndexed();
    s.work.set(req.read.done);
    s.idle = setTimeout(() => s.end(false), IDLE_MS);
    return counts;
  } catch (error) {
    throw asMessageError(error);
  }
}

/** The reader is done (or failed): the run ends and its bar goes. */
export function endHistoryImport(importId: string, failed: boolean): { ended: boolean } {
  const s = session;
  if (s?.importId !== importId) return { ended: false };
  clearTimeout(s.idle);
  session = null;
  s.end(failed);
  return { ended: true };
}
