/**
 * A stored memory as it travels (codec.ts SyncedMemory) and the hash the store keeps of what it
 * last synced: a memory whose hash differs has changed here since.
 */
import type { MemoryRecord } from '../memory/types';
import { quickHash } from './bytes';
import { canon } from './canon';
import { SYNCED_MEMORY_FIELDS, type SyncedMemory } from './codec';

export function project(m: MemoryRecord): SyncedMemory {
  const out: Record<string, unknown> = {};
  for (const f of SYNCED_MEMORY_FIELDS) if (m[f] !== undefined) out[f] = m[f];
  return out as SyncedMemory;
}

/**
 * Fields in their fixed order, nested objects with sorted keys: the same value always gives
 * the same text (and this runs for every memory at every round, so no full canon()).
 */
export function hashSynced(rec: SyncedMemory): string {
  let text = '';
  for (const f of SYNCED_MEMORY_FIELDS) {
    const v = rec[f];
    if (v === undefined) continue;
    text += `${f}\u0001${v !== null && typeof v === 'object' && !Array.isArray(v) ? canon(v) : JSON.stringify(v)}\u0002`;
  }
  return quickHash(text);
}
export const hashMemory = (m: MemoryRecord): string => hashSynced(project(m));
export const hashValue = (value: unknown): string => quickHash(canon(value));

/** A memory from another device as a stored record: this device's use of it stays its own. */
export function toRecord(rec: SyncedMemory, local: MemoryRecord | undefined): MemoryRecord {
  return {
    ...rec,
    hitCount: local?.hitCount ?? 0,
    lastHitAt: local?.lastHitAt ?? null,
    feedback: local?.feedback ?? 0,
  } as MemoryRecord;
}
