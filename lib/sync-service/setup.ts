/**
 * Turning sync on and off. Turning on checks everything before it keeps anything: the
 * address, the host permission, the server login, and the passphrase against the server's
 * key check, so a wrong passphrase writes nothing on either side. The first device on an
 * empty database creates the key parameters there.
 */
import { browser } from '#imports';
import { syncStore } from '../db/sync-local';
import { parseAddress } from '../sync/address';
import { browserPouch } from '../sync/browser-pouch';
import { describeError } from '../sync/errors';
import { createParams, PARAMS_ID, unlockParams } from '../sync/params';
import type { Login } from '../sync/pouch';
import type { Db } from '../sync/pouch-types';
import { type EnableRequest, type SyncStatus, type Travel, TravelSchema } from '../sync/schemas';
import { cancelWork } from '../work/tracker';
import { openMirror, SYNC_ALARM, scheduleRounds, statusOf, syncNow, syncStatus } from './service';
import {
  EMPTY_STATE,
  forgetSync,
  readConfig,
  readLogin,
  readState,
  writeConfig,
  writeKeys,
  writeLogin,
  writeState,
} from './store';

function failed(code: NonNullable<SyncStatus['error']>['code'], detail = ''): SyncStatus {
  return { ...statusOf(null, EMPTY_STATE), error: { code, detail } };
}

/** A failed set-up keeps its error in the state, so the panel's next status read still shows it. */
async function failedToEnable(code: NonNullable<SyncStatus['error']>['code'], detail = ''): Promise<SyncStatus> {
  await writeState({ ...EMPTY_STATE, error: { code, detail } });
  return syncStatus();
}

async function paramsOf(remote: Db): Promise<unknown | null> {
  try {
    return await remote.get(PARAMS_ID);
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}

export async function enableSync(req: EnableRequest): Promise<SyncStatus> {
  const address = parseAddress(req.address);
  if (typeof address === 'string') return failedToEnable('address');
  const allowed = await browser.permissions.contains({ origins: [address.originPattern] }).catch(() => false);
  if (!allowed) return failedToEnable('no-permission');
  const login: Login | null = req.username ? { username: req.username, password: req.password ?? '' } : null;
  const remote = browserPouch().remote(address.url, login);
  let keys: Awaited<ReturnType<typeof unlockParams>>;
  try {
    const raw = await paramsOf(remote);
    if (raw === null) {
      const made = await createParams(req.passphrase);
      await browserPouch().remote(address.url, login, true).put(made.doc);
      keys = made.keys;
    } else keys = await unlockParams(req.passphrase, raw);
  } catch (error) {
    const e = describeError(error);
    return failedToEnable(e.code, e.detail);
  }
  await syncStore().clearSynced();
  await writeKeys(keys);
  await writeLogin(login);
  await writeState(EMPTY_STATE);
  await writeConfig({
    url: address.url,
    database: address.database,
    deviceId: crypto.randomUUID(),
    deviceName: req.deviceName.trim(),
    travel: TravelSchema.parse(req.travel ?? {}),
  });
  await scheduleRounds();
  void syncNow().catch(() => {});
  return syncStatus();
}

/** Stops syncing; every memory stays. The mirror and the synced marks go with the set-up. */
export async function disableSync(): Promise<SyncStatus> {
  const config = await readConfig();
  cancelWork('sync');
  await browser.alarms.clear(SYNC_ALARM);
  if (config)
    await openMirror(config)
      .destroy()
      .catch(() => {});
  await syncStore().clearSynced();
  await forgetSync();
  return syncStatus();
}

/** Deletes the database on the server (the user confirmed its name), then turns sync off here. */
export async function removeRemote(database: string): Promise<SyncStatus> {
  const config = await readConfig();
  if (!config) return failed('not-set-up');
  if (config.database !== database) throw new Error(`This device syncs with “${config.database}”, not “${database}”.`);
  try {
    await browserPouch()
      .remote(config.url, await readLogin())
      .destroy();
  } catch (error) {
    const e = describeError(error);
    // Already gone (another device removed it): what the user asked for is done.
    if (e.code !== 'no-database') {
      await writeState({ ...(await readState()), error: e });
      return syncStatus();
    }
  }
  return disableSync();
}

export async function setTravel(travel: Travel): Promise<SyncStatus> {
  const config = await readConfig();
  if (!config) return failed('not-set-up');
  await writeConfig({ ...config, travel });
  // Turned on: this device's chats are staged, and those that arrived meanwhile applied, now.
  if (travel.chats && !config.travel.chats) void syncNow().catch(() => {});
  return syncStatus();
}
