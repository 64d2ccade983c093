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
import { termsOf } from './keywords';

/** 2: the model-free English tokenizer (english.ts), the memory's keywords as a field. */
export const INDEX_VERSION = 2;

/**
 * Index terms per field, repeats kept (term frequency counts); every field is a term list.
 * How much a field counts (retrieve.ts, KEYWORD_WEIGHT) is applied when it is indexed, not
 * stored, so it may change without a new INDEX_VERSION.
 */
export interface MemoryFields {
  content: string[];
  keywords: string[];
}

/** What a memory's index fields depend on, and nothing else. */
export function indexInput(memory: MemoryRecord): { content: string; keywords: readonly string[] } {
  return { content: memory.content, keywords: memory.keywords ?? [] };
}

/** The one place a memory becomes index terms. */
export function memoryFields(memory: MemoryRecord): MemoryFields {
  const input = indexInput(memory);
  return { content: termsOf(input.content), keywords: termsOf(input.keywords.join(' , ')) };
}
