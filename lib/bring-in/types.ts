/** One memory found in something the user brought in, before they confirm it. */
import type { MemoryType } from '../memory/types';

export interface FoundItem {
  content: string;
  type: MemoryType;
  importance: number;
  /** Where the item came from in the source: a heading, or the file's own category. */
  section: string | null;
  /** The source's own date for it, UTC ISO, when it had one. */
  createdAt: string | null;
}

export type SourceKind = 'text' | 'mem0' | 'openmemory' | 'markdown';

export interface FoundSource {
  kind: SourceKind;
  items: FoundItem[];
  /** Entries the source had that carried no memory (deleted, empty, headings only). */
  skipped: number;
}

/** One pasted or imported memory is at most this long; longer ones are cut, as the store does. */
export const MAX_ITEM_CHARS = 4000;
/** A paste or file yields at most this many items: the preview stays usable. */
export const MAX_ITEMS = 2000;

/** What the user confirms: one item as it will be merged. */
export interface BringInItem {
  content: string;
  type: MemoryType;
  importance: number;
  /** The source's date for it (UTC ISO), kept as the memory's creation date. */
  createdAt: string | null;
}

/** What one item would do to the store, from a dry run of the extraction's merge. */
export type Verdict = 'new' | 'same' | 'updates' | 'replaces' | 'private';

export interface ItemCheck {
  verdict: Verdict;
  /** The existing memory it updates or replaces. */
  existing: string | null;
  /** Why the privacy filter drops it (a label, never the text). */
  label: string | null;
}
