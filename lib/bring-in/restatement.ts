/**
 * A memory restated with or without its grammatical subject ("User is allergic to peanuts."
 * and "Is allergic to peanuts.", "用户住在成都" and "住在成都") is the same memory: memory lists
 * from other tools drop the subject, the extraction writes it. Bring in treats such an item as
 * already known, keeping the stored wording, instead of rewriting the memory with it. (The
 * extraction's own merge rule is left as it is; this is only about items brought in.)
 */
import { normalizeContent } from '../memory/normalize';
import type { MemoryRecord } from '../memory/types';

const SUBJECT = /^\s*(?:(?:the\s+)?user(?:'s|’s)?\s+|用户)/iu;

function key(type: string, content: string): string | null {
  const core = normalizeContent(content.replace(SUBJECT, ''));
  return core ? `${type}\u0000${core}` : null;
}

/** Active memories by their subject-free wording: one pass, then a lookup per item. */
export function restatementIndex(active: readonly MemoryRecord[]): Map<string, MemoryRecord> {
  const index = new Map<string, MemoryRecord>();
  for (const m of active) {
    const k = m.status === 'active' ? key(m.type, m.content) : null;
    if (k && !index.has(k)) index.set(k, m);
  }
  return index;
}

/** The stored memory this item only restates, or null. */
export function restated(
  index: ReadonlyMap<string, MemoryRecord>,
  item: { content: string; type: string },
): MemoryRecord | null {
  const k = key(item.type, item.content);
  return (k && index.get(k)) || null;
}
