/**
 * The one function from a memory to its ranking-index fields, and the version of that mapping.
 * The background stores these fields (lib/db/memory-terms.ts) so a cold start loads them
 * instead of tokenising every memory again. Two rules keep the stored copy honest:
 * - `INDEX_VERSION` goes up with every change to the terms a memory gets (the tokenizer, the
 *   fields indexed, how they are weighted): stored fields of another version are recomputed;
 * - `indexInput` returns every field of the memory the terms are computed from: stored fields
 *   whose input changed are recomputed, whatever path changed the memory.
 */
import type { MemoryRecord } from '../memory/types';
import { hasAddressCue, hasStyleCue } from '../text/cues';
import { termsOf } from '../text/keywords';
import { type ProfileKind, profileKinds } from './profile';

/**
 * 2: the model-free English tokenizer (english.ts), the memory's keywords as a field.
 * 3: what the ranker reads from a memory's text by pattern (profile kinds, address/style cue)
 * stored with its terms: run over every memory at load, those patterns were most of a cold start.
 * 4: residence and household kinds read from the verbs of residing and relocating and from a
 * keyword that names the kind; the address cue reads the English passive, "go by" and "name is …
 * but"; keywords kept as their own field (BM25F).
 */
export const INDEX_VERSION = 4;

/** What a memory's text says about how to speak to the user (cues.ts). */
export type AnswerCue = 'address' | 'style';

/**
 * A memory's index fields; every field is a list of strings. Index terms keep repeats (term
 * frequency counts). How much a field counts (weights.ts, `bm25`) is applied when ranking, not
 * when stored, so it may change without a new INDEX_VERSION.
 */
export interface MemoryFields {
  content: string[];
  keywords: string[];
  /** The circumstances it states (profile.ts), from its text and keywords. */
  profile: ProfileKind[];
  /** At most one: address before style. Counts only for a preference (the type is not an input). */
  cue: AnswerCue[];
}

/** What a memory's index fields depend on, and nothing else. */
export function indexInput(memory: MemoryRecord): { content: string; keywords: readonly string[] } {
  return { content: memory.content, keywords: memory.keywords ?? [] };
}

/** The one place a memory becomes index terms. */
export function memoryFields(memory: MemoryRecord): MemoryFields {
  const input = indexInput(memory);
  return {
    content: termsOf(input.content),
    keywords: termsOf(input.keywords.join(' , ')),
    profile: profileKinds(input.content, input.keywords),
    cue: answerCue(input.content),
  };
}

function answerCue(content: string): AnswerCue[] {
  if (hasAddressCue(content)) return ['address'];
  return hasStyleCue(content) ? ['style'] : [];
}
