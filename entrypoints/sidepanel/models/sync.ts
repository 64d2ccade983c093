/**
 * Settings → Sync in the panel: the state, followed while the view is open, the set-up form
 * and the actions. Turning on asks for the server's one origin inside the click (the browser
 * prompts only from a user gesture); the background then checks the passphrase against the
 * server before it keeps anything.
 */
import { signal } from '@preact/signals';
import { browser } from '#imports';
import { send } from '../../../lib/protocol/panel-send';
import { parseAddress } from '../../../lib/sync/address';
import type { SyncStatus, Travel } from '../../../lib/sync/schemas';
import { fail, messageOf } from './notice';

export const syncStatus = signal<SyncStatus | null>(null);
export const syncBusy = signal(false);

export interface SyncForm {
  address: string;
  username: string;
  password: string;
  passphrase: string;
  passphraseAgain: string;
  deviceName: string;
}

export const syncForm = signal<SyncForm>({
  address: '',
  username: '',
  password: '',
  passphrase: '',
  passphraseAgain: '',
  deviceName: '',
});

const POLL_MS = 1000;
/**
 * A switch the user just flipped, until the background has answered: the switches show it at
 * once, and a status read that set out before the change does not flip it back.
 */
let travelPending: Travel | null = null;

async function refresh(): Promise<void> {
  try {
    const status = await send('sync.status', {});
    syncStatus.value = travelPending ? { ...status, travel: travelPending } : status;
  } catch (error) {
    fail(messageOf(error));
  }
}

export function startSyncModel(): () => void {
  void refresh();
  const timer = setInterval(() => void refresh(), POLL_MS);
  return () => clearInterval(timer);
}

export function editSyncForm(patch: Partial<SyncForm>): void {
  syncForm.value = { ...syncForm.value, ...patch };
}

async function act(run: () => Promise<SyncStatus>): Promise<void> {
  syncBusy.value = true;
  try {
    syncStatus.value = await run();
  } catch (error) {
    fail(messageOf(error));
  } finally {
    syncBusy.value = false;
  }
}

/** Must run inside the click: the permission prompt needs the user's gesture. */
export function turnOnSync(travel: Travel): void {
  const f = syncForm.value;
  const address = parseAddress(f.address);
  const asked =
    typeof address === 'string'
      ? Promise.resolve(false)
      : browser.permissions.request({ origins: [address.originPattern] }).catch(() => false);
  void act(async () => {
    await asked;
    const status = await send('sync.enable', {
      address: f.address,
      ...(f.username ? { username: f.username } : {}),
      ...(f.password ? { password: f.password } : {}),
      passphrase: f.passphrase,
      deviceName: f.deviceName,
      travel,
    });
    if (status.enabled) editSyncForm({ password: '', passphrase: '', passphraseAgain: '' });
    return status;
  });
}

export const syncNow = () => void act(() => send('sync.now', {}));
export const turnOffSync = () => void act(() => send('sync.disable', {}));
export function setTravel(travel: Travel): void {
  travelPending = travel;
  if (syncStatus.value) syncStatus.value = { ...syncStatus.value, travel };
  void act(() => send('sync.setTravel', travel)).finally(() => {
    travelPending = null;
  });
}
export const removeRemote = (database: string) => void act(() => send('sync.removeRemote', { database }));
