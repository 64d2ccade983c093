/**
 * Settings → Sync in the panel: the state, followed while the view is open, the set-up form
 * and the actions. Turning on asks for the server's one origin inside the click (the browser
 * prompts only from a user gesture); the background then checks the passphrase against the
 * server before it keeps anything.
 */
import { computed, signal } from '@preact/signals';
import { browser } from '#imports';
import { send } from '../../../lib/protocol/panel-send';
import { parseAddress } from '../../../lib/sync/address';
import type { SyncStatus, Travel } from '../../../lib/sync/schemas';
import { fail, messageOf } from './notice';

export const syncStatus = signal<SyncStatus | null>(null);
export const syncBusy = signal(false);

/**
 * Why the last action (turn on, sync now, turn off, remove) failed, shown next to the buttons
 * that run them; gone when another action starts or the set-up form is edited.
 */
const syncActionError = signal<string | null>(null);
/** The set-up form changed since the last Turn on: that attempt's error no longer describes it. */
const editedSinceTurnOn = signal(false);

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
  syncActionError.value = null;
  editedSinceTurnOn.value = true;
}

export type SyncError = { action: string } | { code: NonNullable<SyncStatus['error']>['code']; detail: string };

/**
 * The one error Sync shows, under the buttons: the last action's refusal, else the last
 * round's error, except a failed Turn on's once the form was edited (sync is still off; the
 * error was about the address or passphrase typed then). While sync is on, a round's error
 * stays until a round goes well: it describes the server, not the form.
 */
export const syncError = computed<SyncError | null>(() => {
  const action = syncActionError.value;
  if (action) return { action };
  const s = syncStatus.value;
  if (!s?.error) return null;
  if (!s.enabled && editedSinceTurnOn.value) return null;
  return { code: s.error.code, detail: s.error.detail };
});

async function act(run: () => Promise<SyncStatus>): Promise<void> {
  syncBusy.value = true;
  syncActionError.value = null;
  try {
    syncStatus.value = await run();
  } catch (error) {
    syncActionError.value = messageOf(error);
  } finally {
    syncBusy.value = false;
  }
}

/** Must run inside the click: the permission prompt needs the user's gesture. */
export function turnOnSync(travel: Travel): void {
  const f = syncForm.value;
  editedSinceTurnOn.value = false;
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
/** "What travels" as the user set it while sync is on, until Save settings (null: as stored). */
export const travelDraft = signal<Travel | null>(null);

export const travelDirty = computed(() => {
  const draft = travelDraft.value;
  const stored = syncStatus.value;
  return draft !== null && stored?.enabled === true && JSON.stringify(draft) !== JSON.stringify(stored.travel);
});

export function editTravel(travel: Travel): void {
  travelDraft.value = travel;
}

/** Part of Save settings; the switches keep showing the choice until the background has it. */
export async function writeTravel(): Promise<void> {
  const draft = travelDraft.value;
  if (!draft || !travelDirty.value) {
    travelDraft.value = null;
    return;
  }
  travelPending = draft;
  try {
    syncStatus.value = await send('sync.setTravel', draft);
    if (travelDraft.value === draft) travelDraft.value = null;
  } finally {
    travelPending = null;
  }
}
export const removeRemote = (database: string) => void act(() => send('sync.removeRemote', { database }));
