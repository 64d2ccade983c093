/** The ranker's rows: a memory as the index holds it, and as a ranked result. */
import type { MemoryRecord, ScoreParts } from '../memory/types';
import type { Polarity } from '../text/cues';
import type { ProfileKind } from './profile';

export interface RankedMemory {
  memory: MemoryRecord;
  score: number;
  parts: ScoreParts;
  /** Set when this memory contradicts another returned one (like vs dislike). */
  conflictsWith?: string;
}

export interface IndexedMemory {
  memory: MemoryRecord;
  slot: number;
  /** Unique index terms, shared with the inverted index (not copied: 100k stores add up). */
  terms: readonly string[];
  /** Like vs dislike, read on first use: only returned memories are checked for contradictions. */
  polarity?: Polarity;
  /** Last time the memory changed or was injected (ms): what recency is measured from. */
  touchedMs: number;
  /** How to address the user, or how they want answers: relevant to every conversation. */
  addressOrStyle: 'address' | 'style' | null;
  /** The user's circumstances this memory states (profile.ts): candidates for advice requests. */
  profile: readonly ProfileKind[];
}
