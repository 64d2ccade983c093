/**
 * Changing a memory without losing what it said: the old text becomes a version in its
 * history (a superseded copy that points at the memory, which the Details view lists), and the
 * memory keeps its id, pin, note and hits with the new text. Every path that changes a
 * memory's text goes through here: extraction, an accepted proposal, Bring in, import, tidy-up.
 */
import { tagsFor } from '../text/keywords';
import { cleanKeywords } from './keyword-list';
import type { MemoryRecord, MemorySource, MemoryType, Origin } from './types';

/** The memory as it is now, kept as a version of itself. */
export function versionOf(m: MemoryRecord, at: string): MemoryRecord {
  const { proposal: _proposal, ...rest } = m;
  return { ...rest, id: crypto.randomUUID(), status: 'superseded', supersededBy: m.id, pinned: false, updatedAt: at };
}

export interface MemoryChange {
  content: string;
  type?: MemoryType;
  importance?: number;
  keywords?: readonly string[];
  /** Where the new text came from (the list then says which chat changed it). */
  source?: MemorySource | null;
  origin?: Origin;
  invisibleRemoved?: number;
  /** The day it is about (when.ts); absent: the memory keeps the one it had. */
  when?: string;
}

/** The changed memory and the version holding its old text, both to be written. */
export function changeMemory(m: MemoryRecord, change: MemoryChange, at: string): [MemoryRecord, MemoryRecord] {
  const keywords = change.keywords && change.keywords.length > 0 ? cleanKeywords(change.keywords) : m.keywords;
  const { invisibleRemoved: _removed, ...rest } = m;
  const changed: MemoryRecord = {
    ...rest,
    content: change.content,
    type: change.type ?? m.type,
    importance: change.importance ?? m.importance,
    tags: tagsFor(change.content),
    source: change.source === undefined ? m.source : change.source,
    updatedAt: at,
    ...(keywords ? { keywords } : {}),
    ...(change.origin ? { origin: change.origin } : m.origin ? { origin: m.origin } : {}),
    ...(change.invisibleRemoved ? { invisibleRemoved: change.invisibleRemoved } : {}),
    ...(change.when !== undefined ? { when: change.when } : {}),
  };
  return [changed, versionOf(m, at)];
}
