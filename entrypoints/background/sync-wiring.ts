/**
 * When sync rounds run: about ten seconds after the last of a run of local changes (memories,
 * chats or settings), on the periodic alarm (also the retry alarm, with backoff), and at worker start
 * when a change may have been left unsent. With sync off, each trigger costs one read of the
 * set-up from the private database.
 */
import { Dexie } from 'dexie';
import { browser } from '#imports';
import { DB_NAME } from '../../lib/db/db';
import { onSettingsSaved } from '../../lib/settings/store';
import { SYNC_ALARM, syncNow, syncSoon } from '../../lib/sync/service';
import { readConfig } from '../../lib/sync/store';

/** Memories, and chats (finished, deleted or "don't remember" travel too). */
const MEMORIES = new RegExp(`^idb://${DB_NAME}/(memories|chats)/`);

async function whenOn(run: () => void): Promise<void> {
  if (await readConfig().catch(() => null)) run();
}

export function wireSync(): void {
  Dexie.on('storagemutated', (parts) => {
    if (Object.keys(parts).some((part) => MEMORIES.test(part))) void whenOn(syncSoon);
  });
  onSettingsSaved(() => void whenOn(syncSoon));
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === SYNC_ALARM) void whenOn(() => void syncNow().catch(() => {}));
  });
  void whenOn(syncSoon);
}
