/**
 * Reads the benchmark format of shared/bench/README.md into the product's own records, so the
 * ranker under test is exactly the one the extension runs. Missing `type`, `importance`, `tags`
 * and `status` get the documented defaults; `meta`, `answer` and `evidence` are never read.
 */
import { readFileSync } from 'node:fs';
import { MEMORY_STATUSES, MEMORY_TYPES, type MemoryRecord } from '../../lib/memory/types';
import { tagsFor } from '../../lib/text/keywords';

export interface BenchMemory {
  id: string;
  content: string;
  createdAt: string;
  type?: string;
  importance?: number;
  tags?: string[];
  status?: string;
  /** Model keywords (not in the shared files: bench/lib/keyword-cache.ts adds them). */
  keywords?: string[];
}

export interface BenchQuery {
  id: string;
  text: string;
  relevant: string[];
  category?: number;
  categoryName?: string;
}

export interface BenchCase {
  id: string;
  memories: BenchMemory[];
  queries: BenchQuery[];
}

export interface BenchFile {
  name: string;
  cases: BenchCase[];
}

export function readBenchFile(path: string): BenchFile {
  const doc = JSON.parse(readFileSync(path, 'utf8')) as Partial<BenchFile>;
  if (!Array.isArray(doc.cases)) throw new Error(`${path}: expected { cases: [...] }`);
  return { name: doc.name ?? path, cases: doc.cases };
}

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

export function toRecord(m: BenchMemory): MemoryRecord {
  return {
    id: m.id,
    content: m.content,
    type: pick(m.type, MEMORY_TYPES, 'fact'),
    importance: Math.min(5, Math.max(1, Math.round(m.importance ?? 3))),
    tags: m.tags ?? tagsFor(m.content),
    ...(m.keywords ? { keywords: m.keywords } : {}),
    status: pick(m.status, MEMORY_STATUSES, 'active'),
    scope: 'global',
    pinned: false,
    note: '',
    createdAt: m.createdAt,
    updatedAt: m.createdAt,
    lastHitAt: null,
    hitCount: 0,
    supersededBy: null,
    source: null,
    feedback: 0,
  };
}

const DAY = 86_400_000;

/** "now" for a case: one day after its newest memory. */
export function caseNow(c: BenchCase): number {
  let newest = 0;
  for (const m of c.memories) newest = Math.max(newest, Date.parse(m.createdAt));
  return newest + DAY;
}
