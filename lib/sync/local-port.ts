/** What a sync round needs of this device's store and settings (tests pass the real ones). */
import type { ApplyResult, IncomingMemory } from '../db/sync-local';
import type { MemoryRecord } from '../memory/types';
import type { Settings } from '../settings/schema';

export interface LocalPort {
  /** Every memory, or only those of `ids` that exist. */
  memories(ids?: readonly string[]): Promise<MemoryRecord[]>;
  /** Every synced hash by sync key, or only those of `keys` that exist. */
  synced(keys?: readonly string[]): Promise<Map<string, string>>;
  markSynced(rows: readonly { id: string; h: string; c?: string }[], removed?: readonly string[]): Promise<void>;
  applyIncoming(items: readonly IncomingMemory[]): Promise<ApplyResult>;
  loadSettings(): Promise<Settings>;
  saveSettings(next: Settings): Promise<unknown>;
}
