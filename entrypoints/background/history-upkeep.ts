/** Starts the history index upkeep after a write, without making the writer wait for it. */
import { keepHistoryIndexed } from '../../lib/db/history-upkeep';

export function indexHistorySoon(): void {
  void keepHistoryIndexed().catch((error: unknown) => {
    // The chats stay listed in hdirty: the next write or start-up tries again.
    console.warn('claude-mem: history index upkeep failed', (error as Error).name);
  });
}
