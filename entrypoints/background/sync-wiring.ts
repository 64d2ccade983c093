/**
 * When sync rounds run: about ten seconds after the last of a run of local changes (memories,
 * chats or settings; such a round contacts the server only with something to send), on the
 * periodic alarm (also the retry alarm, with backoff), and at worker start, when a change may
 * have been left unsent and other devices may have written meanwhile. Every store change is
 * noted for the next round's comparison (service.ts), sync on or off, at the cost of a set
 * insert; with sync on, the first one in a worker's life also reads and writes the mark that
 * says changes wait (with sync off it would cost every cold start about 80 ms: something writes
 * a memory as the worker wakes). With sync off, each trigger costs one read of the set-up.
 */
import { Dexie } from 'dexie';
import { browser } from '#imports';
import { onSettingsSaved } from '../../lib/db/settings-store';
import { markPending, noteStoreChange, SYNC_ALARM, syncNow, syncSoon } from '../../lib/sync-service/service';
import { readConfig } from '../../lib/sync-service/store';

async function whenOn(run: () => void): Promise<void> {
  if (await readConfig().catch(() => null)) run();
}

export function wireSync(): void {
  // Memories, spaces, and chats (finished, deleted or "don't remember" travel too).
  Dexie.on('storagemutated', (parts) => {
    if (noteStoreChange(parts))
      void whenOn(() => {
        markPending();
        syncSoon();
      });
  });
  onSettingsSaved(() => void whenOn(() => syncSoon()));
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === SYNC_ALARM) void whenOn(() => void syncNow().catch(() => {}));
  });
  void whenOn(() => syncSoon(true));
}
