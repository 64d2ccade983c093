/**
 * Decides what the model's answer does to the store (DESIGN.md §2–§4), as a pure plan the db layer
 * writes in one transaction. For each extracted item, in order:
 *   1. the privacy filter drops it if it holds anything sensitive;
 *   2. `update <id>` rewrites that memory; `supersede <id>` adds the new one and retires the old;
 *   3. otherwise it is compared with the active memories of its type: a near-duplicate updates
 *      the existing one, a detected contradiction (same text with other numbers or negation,
 *      or the same single-valued topic) supersedes it, anything else is added.
 * Items are merged one by one against the running result, so two items of one answer that
 * say the same thing also end up as one memory.
 */

import { createMemory } from '../memory/factory';
import { cleanKeywords } from '../memory/keyword-list';
import { normalizeContent } from '../memory/normalize';
import { MAX_MEMORY_CHARS, type MemoryRecord, type MemorySource } from '../memory/types';
import { tagsFor } from '../ranking/keywords';
import type { PrivacyPattern } from '../settings/schema';
import { type AliasMap, resolveTarget } from './extract-prompt';
import type { ExtractedMemory } from './extract-schema';
import { sensitiveLabel } from './privacy';
import { relation } from './similarity';

export interface MergeContext {
  /** Every active memory in the store (near-duplicates are looked for in all of them). */
  active: readonly MemoryRecord[];
  aliases: AliasMap;
  source: MemorySource;
  patterns: readonly PrivacyPattern[];
  now: string;
}

export interface MergeStats {
  added: number;
  updated: number;
  superseded: number;
  unchanged: number;
  dropped: number;
}

export interface MergePlan {
  /** Records to write (new, updated and superseded ones), each once. */
  writes: MemoryRecord[];
  stats: MergeStats;
  /** Why items were dropped, by privacy label (never the text). */
  droppedLabels: string[];
}

class Working {
  readonly byId = new Map<string, MemoryRecord>();
  readonly changed = new Set<string>();

  constructor(active: readonly MemoryRecord[]) {
    for (const m of active) this.byId.set(m.id, m);
  }

  put(memory: MemoryRecord): void {
    this.byId.set(memory.id, memory);
    this.changed.add(memory.id);
  }

  activeOfType(type: MemoryRecord['type']): MemoryRecord[] {
    return [...this.byId.values()].filter((m) => m.status === 'active' && m.type === type);
  }
}

/** The same fact restated: the model's fresh keywords replace the old ones; none given keeps them. */
function rewrite(old: MemoryRecord, item: ExtractedMemory, importance: number, now: string): MemoryRecord {
  const keywords = item.keywords && item.keywords.length > 0 ? cleanKeywords(item.keywords) : old.keywords;
  return {
    ...old,
    content: item.content,
    type: item.type,
    importance,
    tags: tagsFor(item.content),
    updatedAt: now,
    ...(keywords ? { keywords } : {}),
  };
}

function supersede(work: Working, old: MemoryRecord, item: ExtractedMemory, ctx: MergeContext): void {
  const fresh = { ...createMemory({ ...item, source: ctx.source }), createdAt: ctx.now, updatedAt: ctx.now };
  work.put(fresh);
  work.put({ ...old, status: 'superseded', supersededBy: fresh.id, updatedAt: ctx.now });
}

function mergeOne(work: Working, item: ExtractedMemory, ctx: MergeContext, stats: MergeStats): void {
  const targetId = item.op === 'add' ? null : resolveTarget(item.target, ctx.aliases);
  const target = targetId ? work.byId.get(targetId) : undefined;
  if (target && target.status === 'active') {
    if (item.op === 'update') {
      work.put(rewrite(target, item, item.importance, ctx.now));
      stats.updated++;
    } else {
      supersede(work, target, item, ctx);
      stats.superseded++;
    }
    return;
  }
  // `add`, or a target we cannot resolve: judge it against the store like any new memory.
  const candidates = work.activeOfType(item.type);
  const duplicate = candidates.find((m) => relation(m.content, item.content) === 'duplicate');
  if (duplicate) {
    if (normalizeContent(duplicate.content) === normalizeContent(item.content)) {
      if (item.importance > duplicate.importance) work.put({ ...duplicate, importance: item.importance });
      stats.unchanged++;
    } else {
      work.put(rewrite(duplicate, item, Math.max(duplicate.importance, item.importance), ctx.now));
      stats.updated++;
    }
    return;
  }
  const conflict = candidates.find((m) => relation(m.content, item.content) === 'conflict');
  if (conflict) {
    supersede(work, conflict, item, ctx);
    stats.superseded++;
    return;
  }
  work.put({ ...createMemory({ ...item, source: ctx.source }), createdAt: ctx.now, updatedAt: ctx.now });
  stats.added++;
}

export function planMerge(items: readonly ExtractedMemory[], ctx: MergeContext): MergePlan {
  const work = new Working(ctx.active);
  const stats: MergeStats = { added: 0, updated: 0, superseded: 0, unchanged: 0, dropped: 0 };
  const droppedLabels: string[] = [];
  for (const raw of items) {
    const content = raw.content.trim().slice(0, MAX_MEMORY_CHARS);
    const label = content ? sensitiveLabel(content, ctx.patterns) : 'empty';
    if (label) {
      stats.dropped++;
      droppedLabels.push(label);
      continue;
    }
    mergeOne(work, { ...raw, content }, ctx, stats);
  }
  const writes = [...work.changed].map((id) => work.byId.get(id)).filter((m): m is MemoryRecord => !!m);
  return { writes, stats, droppedLabels };
}
