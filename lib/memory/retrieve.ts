/**
 * Ranking memories for a draft message. v0: tag overlap plus importance and recency, with the
 * hard rules (only active memories, global + this site's scope, pinned always candidates).
 * The retrieval issue replaces the scoring; the exported shapes stay.
 */
import type { SiteId } from '../sites';
import { tagsFor } from './keywords';
import type { MemoryRecord, ScoreParts } from './types';

export interface RankOptions {
  site: SiteId | null;
  now: number;
  limit?: number;
}

export interface RankedMemory {
  memory: MemoryRecord;
  score: number;
  parts: ScoreParts;
  /** Set when this memory contradicts another returned one (like vs dislike). */
  conflictsWith?: string;
}

const DAY = 86_400_000;

export class MemoryIndex {
  private readonly rows = new Map<string, { memory: MemoryRecord; tags: Set<string> }>();

  get size(): number {
    return this.rows.size;
  }

  upsert(memory: MemoryRecord): void {
    this.rows.set(memory.id, { memory, tags: new Set(memory.tags.length ? memory.tags : tagsFor(memory.content)) });
  }

  remove(id: string): void {
    this.rows.delete(id);
  }

  clear(): void {
    this.rows.clear();
  }

  rank(query: string, opts: RankOptions): RankedMemory[] {
    const words = new Set(tagsFor(query, 64));
    const out: RankedMemory[] = [];
    for (const { memory, tags } of this.rows.values()) {
      if (memory.status !== 'active') continue;
      if (memory.scope !== 'global' && memory.scope !== opts.site) continue;
      let hits = 0;
      for (const w of words) if (tags.has(w) || memory.content.toLowerCase().includes(w)) hits++;
      if (hits === 0 && !memory.pinned) continue;
      const age = opts.now - Date.parse(memory.lastHitAt ?? memory.updatedAt);
      const parts: ScoreParts = {
        text: words.size ? hits / words.size : 0,
        intent: 0,
        importance: memory.importance / 5,
        recency: Math.max(0, 1 - age / (7 * DAY)) * 0.2,
        hits: Math.min(memory.hitCount, 10) / 100,
        feedback: memory.feedback * 0.1,
      };
      const score = parts.text * 2 + parts.importance + parts.recency + parts.hits + parts.feedback;
      out.push({ memory, score, parts });
    }
    out.sort((a, b) => b.score - a.score || a.memory.id.localeCompare(b.memory.id));
    return out.slice(0, opts.limit ?? 50);
  }
}
