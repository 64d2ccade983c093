/**
 * "Extract memories from these" for the side panel: the estimate of picked chats (no write, no
 * call), then one batch in the extraction queue, paused, resumed or cancelled by the user.
 * Whatever the batch extracts goes through the queue's one commit path, where a chat the user
 * did not type and send here (every imported chat) yields proposals only.
 */
import { cancelBatch, dismissBatch, setBatchPaused, startBatch } from '../../../lib/db/extract-batches';
import { filteredChats } from '../../../lib/db/history-list';
import { loadSettings } from '../../../lib/db/settings-store';
import { estimateBatch } from '../../../lib/queue/batch-estimate';
import { kickExtraction } from '../../../lib/queue/service';
import type { HandlerGroup } from '../router';

type BatchMessage =
  | 'extractBatch.pick'
  | 'extractBatch.estimate'
  | 'extractBatch.start'
  | 'extractBatch.pause'
  | 'extractBatch.resume'
  | 'extractBatch.cancel'
  | 'extractBatch.dismiss';

export const extractBatchHandlers: HandlerGroup<BatchMessage> = {
  'extractBatch.pick': async (filter) => ({ chatIds: (await filteredChats(filter)).map((m) => m.id) }),
  'extractBatch.estimate': async (pick) => estimateBatch(pick, await loadSettings()),
  'extractBatch.start': async ({ chatIds, reextract, name, estimate }) => {
    const row = await startBatch({ chatIds, reextract, name: name?.trim() ?? '', estimate });
    kickExtraction();
    return { batchId: row.id, queued: row.jobIds.length };
  },
  'extractBatch.pause': async ({ id }) => ({ changed: await setBatchPaused(id, true) }),
  'extractBatch.resume': async ({ id }) => {
    const changed = await setBatchPaused(id, false);
    kickExtraction();
    return { changed };
  },
  'extractBatch.cancel': async ({ id }) => ({ dropped: await cancelBatch(id) }),
  'extractBatch.dismiss': async ({ id }) => ({ changed: await dismissBatch(id) }),
};
