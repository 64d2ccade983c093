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

/** 2: the model-free English tokenizer (english.ts). */
export const INDEX_VERSION = 2;

/** Index terms per field, repeats kept (term frequency counts). Every field is a term list. */
export interface MemoryFields {
  content: string[];
}

/** What a memory's index fields depend on, and nothing else (`keywords` when it has them). */
export function indexInput(memory: MemoryRecord): { content: string; keywords: readonly string[] } {
  const keywords = (memory as { keywords?: readonly string[] }).keywords ?? [];
  return { content: memory.content, keywords };
}

/** The one place a memory becomes index terms. */
export function memoryFields(memory: MemoryRecord): MemoryFields {
  return { content: termsOf(indexInput(memory).content) };
}
