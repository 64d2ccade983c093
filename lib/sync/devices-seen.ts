/**
 * The devices the panel lists, with when each last synced. A device's document only moves
 * forward: one older than what this device already saw (a server replaying it, or rolled back)
 * leaves the list as it was and is named, so the panel counts it with the documents set aside.
 */
import type { DeviceDoc } from './codec';

export type DevicesSeen = Record<string, { name: string; lastSync: string }>;

export function mergeDevices(
  seen: Readonly<DevicesSeen>,
  arrived: readonly DeviceDoc[],
): { devices: DevicesSeen; backwards: string[] } {
  const devices = { ...seen };
  const backwards: string[] = [];
  for (const d of arrived) {
    const before = devices[d.id];
    if (before && d.lastSync < before.lastSync) {
      backwards.push(`${d.id}@${d.lastSync}`);
      continue;
    }
    devices[d.id] = { name: d.name, lastSync: d.lastSync };
  }
  return { devices, backwards };
}
