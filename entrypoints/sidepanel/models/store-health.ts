/**
 * The store's own health for Settings and the repair banner: size, counts, records
 * set aside by the start-up check, the last tidy-up, and whether the store had to be rebuilt.
 */
import { signal } from '@preact/signals';
import type { ResponseOf } from '../../../lib/protocol';
import { send } from '../../../lib/protocol/panel-send';
import { fail, messageOf } from './notice';

export type StoreStatus = ResponseOf<'store.status'>;
export type QuarantineItem = ResponseOf<'quarantine.list'>[number];

export const storeStatus = signal<StoreStatus | null>(null);
export const quarantine = signal<readonly QuarantineItem[]>([]);
export const incidentDismissed = signal(false);

const DISMISS_KEY = 'claude-mem.incident-seen';

export async function refreshStoreHealth(): Promise<void> {
  try {
    const [status, items] = await Promise.all([send('store.status', {}), send('quarantine.list', {})]);
    storeStatus.value = status;
    quarantine.value = items;
    incidentDismissed.value = !status.incident || localStorage.getItem(DISMISS_KEY) === status.incident.at;
  } catch (error) {
    fail(messageOf(error));
  }
}

export function dismissIncident(): void {
  const at = storeStatus.value?.incident?.at;
  if (at) localStorage.setItem(DISMISS_KEY, at);
  incidentDismissed.value = true;
}

export const recheckingStore = signal(false);

/**
 * The degraded banner's "Check again": the start-up check once more. When the store reads
 * again the panel reloads, so every view shows the store rather than what it could not read.
 */
export async function recheckStore(): Promise<void> {
  if (recheckingStore.value) return;
  recheckingStore.value = true;
  try {
    const status = await send('store.recheck', {});
    storeStatus.value = status;
    if (!status.degraded) location.reload();
  } catch (error) {
    fail(messageOf(error));
  } finally {
    recheckingStore.value = false;
  }
}

export async function runMaintenanceNow(): Promise<void> {
  try {
    await send('maintenance.run', {});
    await refreshStoreHealth();
  } catch (error) {
    fail(messageOf(error));
  }
}
