/** What a sync round needs of this device's store and settings (tests pass the real ones). */
import type { ChatApplyResult, ChatScan, IncomingChat } from '../db/sync-chats';
import type { ApplyResult, IncomingMemory } from '../db/sync-local';
import type { IncomingSpace, SpaceApplyResult } from '../db/sync-spaces';
import type { Space } from '../memory/spaces';
import type { MemoryRecord } from '../memory/types';
import type { Settings } from '../settings/schema';

export interface LocalPort {
  /** Every memory, or only those of `ids` that exist. */
  memories(ids?: readonly string[]): Promise<MemoryRecord[]>;
  /** Every synced hash by sync key, or only those of `keys` that exist. */
  synced(keys?: readonly string[]): Promise<Map<string, string>>;
  /** The clock each of `keys` last synced at (rows without one are left out). */
  clocks(keys: readonly string[]): Promise<Map<string, string>>;
  markSynced(rows: readonly { id: string; h: string; c?: string }[], removed?: readonly string[]): Promise<void>;
  applyIncoming(items: readonly IncomingMemory[]): Promise<ApplyResult>;
  /** Every space here, and what each space key last synced as (deletion markers included). */
  spaceState(): Promise<{ spaces: Space[]; synced: Map<string, string> }>;
  applySpaces(items: readonly IncomingSpace[]): Promise<SpaceApplyResult>;
  /** Memories still in spaces deleted elsewhere go to review; their ids. */
  orphansToReview(removed: readonly string[]): Promise<string[]>;
  /** The chats here: which exist, which are excluded, and (when asked) which changed since they synced. */
  chatScan(synced: ReadonlyMap<string, string>, withChanges: boolean): Promise<ChatScan>;
  applyChats(items: readonly IncomingChat[]): Promise<ChatApplyResult>;
  removeChats(items: readonly { id: string; at: string }[]): Promise<number>;
  excludeChats(ids: readonly string[]): Promise<number>;
  loadSettings(): Promise<Settings>;
  saveSettings(next: Settings): Promise<unknown>;
}
