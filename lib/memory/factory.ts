import { tagsFor } from '../text/keywords';
import { now } from '../time';
import { cleanKeywords } from './keyword-list';
import type { MemoryRecord, MemorySource, MemoryType, Scope } from './types';

export interface NewMemoryInput {
  content: string;
  type: MemoryType;
  importance?: number;
  scope?: Scope;
  source?: MemorySource | null;
  pinned?: boolean;
  note?: string;
  keywords?: readonly string[];
}

/** A fresh active memory with every default the format promises (docs/memory-file.md). */
export function createMemory(input: NewMemoryInput): MemoryRecord {
  const at = now();
  const content = input.content.trim();
  return {
    id: crypto.randomUUID(),
    content,
    type: input.type,
    importance: input.importance ?? 3,
    tags: tagsFor(content),
    status: 'active',
    scope: input.scope ?? 'global',
    pinned: input.pinned ?? false,
    note: input.note ?? '',
    createdAt: at,
    updatedAt: at,
    lastHitAt: null,
    hitCount: 0,
    supersededBy: null,
    source: input.source ?? null,
    feedback: 0,
    ...(input.keywords && input.keywords.length > 0 ? { keywords: cleanKeywords(input.keywords) } : {}),
  };
}
