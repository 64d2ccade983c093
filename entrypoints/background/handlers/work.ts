import { AnthropicError } from '@anthropic-ai/sdk';
import { classifyError } from '../../../lib/model/client';
import { MessageError } from '../../../lib/protocol/define';
import type { WorkKind } from '../../../lib/work/progress';
import { cancelWork, runningWork, runWork, WorkBusy, WorkCancelled, type WorkHandle } from '../../../lib/work/tracker';
import type { HandlerGroup } from '../router';

/**
 * Runs a handler's long work under the tracker; busy and cancelled become their error codes, a
 * failed model call its message in plain words.
 */
export async function tracked<T>(kind: WorkKind, body: (work: WorkHandle) => Promise<T>): Promise<T> {
  try {
    return await runWork(kind, body);
  } catch (error) {
    if (error instanceof WorkBusy) throw new MessageError('busy', error.message);
    if (error instanceof WorkCancelled) throw new MessageError('cancelled', error.message);
    // A failed model call says what to do (accept the notice, fix the base URL, check the
    // key), not the SDK's bare "Connection error.".
    if (error instanceof AnthropicError) throw new MessageError('failed', classifyError(error, null).message);
    throw error;
  }
}

export const workHandlers: HandlerGroup<'work.status' | 'work.cancel'> = {
  'work.status': async () => ({ running: runningWork() }),
  'work.cancel': async ({ kind }) => ({ cancelled: cancelWork(kind) }),
};
