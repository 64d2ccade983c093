/**
 * Keeps the history index in step: indexes every listed chat, purges forgotten ones, merges
 * segments when enough have piled up. One run at a time; a call during a run makes the run
 * go round once more, so nothing listed meanwhile waits for the next trigger.
 */
import { indexPending } from './history-index';
import { mergeSegments, purgeForgotten } from './history-purge';

let running: Promise<void> | null = null;
let again = false;

async function runOnce(onProgress?: (indexed: number) => void): Promise<void> {
  let indexed = 0;
  for (let n = await indexPending(); n > 0; n = await indexPending()) {
    indexed += n;
    onProgress?.(indexed);
  }
  await purgeForgotten();
  await mergeSegments();
}

/** Brings the index up to date; resolves when it is (including work asked for meanwhile). */
export function keepHistoryIndexed(onProgress?: (indexed: number) => void): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        await runOnce(onProgress);
      } while (again);
    } finally {
      running = null;
    }
  })();
  return running;
}
