/** Repository for the `memories` table. */

import { relation } from '../extraction/similarity';
import { createMemory } from '../memory/factory';
import { withoutInvisible } from '../memory/invisible';
import { memoryReasons } from '../memory/review-rules';
import type { SpaceId } from '../memory/spaces';
import {
  MAX_MEMORY_CHARS,
  type MemoryRecord,
  type MemoryStatus,
  type MemoryType,
  type Origin,
  type ReviewReason,
  type Scope,
} from '../memory/types';
import { versionOf } from '../memory/versions';
import { sensitiveLabel } from '../privacy/privacy';
import { now } from '../time';
import { db } from './db';
import { loadSettings } from './settings-store';

export interface MemoryFilter {
  status?: MemoryStatus;
  type?: MemoryType;
  scope?: Scope;
}

export async function listMemories(filter: MemoryFilter = {}): Promise<MemoryRecord[]> {
  const base = filter.status ? db.memories.where('status').equals(filter.status) : db.memories.toCollection();
  const rows = await base.toArray();
  return rows
    .filter((m) => (filter.type ? m.type === filter.type : true))
    .filter((m) => (filter.scope ? m.scope === filter.scope : true))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id));
}

export function getMemory(id: string): Promise<MemoryRecord | undefined> {
  return db.memories.get(id);
}

export async function putMemories(rows: readonly MemoryRecord[]): Promise<void> {
  await db.memories.bulkPut([...rows]);
}

export type MemoryPatch = Partial<
  Pick<
    MemoryRecord,
    | 'content'
    | 'type'
    | 'importance'
    | 'scope'
    | 'note'
    | 'pinned'
    | 'status'
    | 'tags'
    | 'supersededBy'
    | 'feedback'
    | 'keywords'
    | 'invisibleRemoved'
  >
> & {
  /** The day it is about; null takes it away. */
  when?: string | null;
};

/**
 * A proposal leaves review only through accept or reject (lib/db/review.ts), which apply or
 * drop its change; a status patch would make it active with its change never applied. Nor does
 * a patch make a memory proposed: only the review rules do, with their reasons.
 */
export class ReviewOnly extends Error {
  override name = 'ReviewOnly';
}

export function checkStatusChange(before: MemoryRecord, patch: MemoryPatch): void {
  if (patch.status === undefined || patch.status === before.status) return;
  if (before.status === 'proposed')
    throw new ReviewOnly('A proposed memory is accepted or rejected in the review list, not by changing its status.');
  if (patch.status === 'proposed') throw new ReviewOnly('Only review rules make a memory proposed.');
}

/**
 * Applies a hand edit and bumps `updatedAt`; returns the record before and after, for undo. A
 * new text keeps the old one as a version (`versionId`) and makes the memory the user's own.
 * Accepting a proposal goes through lib/db/review.ts, so a proposal's text edited here stays
 * proposed.
 */
export async function updateMemory(
  id: string,
  patch: MemoryPatch,
): Promise<{ before: MemoryRecord; after: MemoryRecord; versionId?: string }> {
  return db.transaction('rw', db.memories, async () => {
    const before = await db.memories.get(id);
    if (!before) throw new Error(`memory ${id} not found`);
    checkStatusChange(before, patch);
    const at = now();
    const textChanged = patch.content !== undefined && patch.content !== before.content;
    const { invisibleRemoved: _removed, ...kept } = before;
    const { when, ...rest } = patch;
    const after: MemoryRecord = {
      ...(textChanged ? kept : before),
      ...rest,
      updatedAt: at,
      ...(textChanged ? { origin: { kind: 'hand' as const } } : {}),
      ...(typeof when === 'string' ? { when } : {}),
    };
    // null takes the date away.
    if (when === null) delete after.when;
    if (textChanged && before.status === 'active') {
      const version = versionOf(before, at);
      await db.memories.bulkPut([after, version]);
      return { before, after, versionId: version.id };
    }
    await db.memories.put(after);
    return { before, after };
  });
}

/** Undo: puts records back as they were and removes the ones the undone action created. */
export async function restoreMemories(records: readonly MemoryRecord[], remove: readonly string[] = []): Promise<void> {
  await db.transaction('rw', db.memories, async () => {
    await db.memories.bulkDelete([...remove]);
    await db.memories.bulkPut([...records]);
  });
}

/**
 * Deletes memories with their history (the versions that hold their earlier texts) and
 * returns what was deleted, so the caller can offer undo.
 */
export async function deleteMemories(ids: readonly string[]): Promise<MemoryRecord[]> {
  return db.transaction('rw', db.memories, async () => {
    const rows = (await db.memories.bulkGet([...ids])).filter((m): m is MemoryRecord => !!m);
    const gone = new Set(rows.map((m) => m.id));
    const versions = (await db.memories.where('status').equals('superseded').toArray()).filter(
      (v) => v.supersededBy !== null && gone.has(v.supersededBy) && !gone.has(v.id),
    );
    await db.memories.bulkDelete([...gone, ...versions.map((v) => v.id)]);
    return [...rows, ...versions];
  });
}

/** Records that an injection used these memories (DESIGN.md §1.6: hit count and last hit). */
export async function recordHits(ids: readonly string[], at: string = now()): Promise<void> {
  await db.transaction('rw', db.memories, async () => {
    const rows = (await db.memories.bulkGet([...ids])).filter((row) => row !== undefined);
    await db.memories.bulkUpdate(
      rows.map((row) => ({ key: row.id, changes: { hitCount: row.hitCount + 1, lastHitAt: at } })),
    );
  });
}

/** Every stored memory id: an import's `supersededBy` may name one of them. */
export async function memoryIds(): Promise<Set<string>> {
  return new Set(await db.memories.toCollection().primaryKeys());
}

function clampImportance(n: number): number {
  return Number.isFinite(n) ? Math.min(5, Math.max(1, Math.round(n))) : 3;
}

export interface ProposeInput {
  content: string;
  type: MemoryType;
  importance?: number;
  origin: Origin;
  /** The space it is proposed for (absent: Everywhere). */
  space?: SpaceId;
}

export type ProposeResult =
  /** Stored as proposed: listed for review, never used until the user accepts it. */
  | { outcome: 'proposed'; memory: MemoryRecord }
  /** The writer may see an active near-duplicate: no new row. */
  | { outcome: 'known'; id: string }
  /** Refused by the privacy filter (its label, never the text) or empty once cleaned. */
  | { outcome: 'dropped'; reason: string };

/**
 * A memory written from outside the panel (a desktop tool's `remember`): cleaned of invisible
 * characters, checked by the privacy filter, and stored as proposed in one transaction.
 * `mayKnow` is what the writer may learn exists: it is the only thing the near-duplicate check
 * compares with, so the answer never tells a hidden memory from no memory. A repeat of a
 * proposal the writer may know of is answered with that proposal (no second row); text that
 * repeats a hidden memory becomes a proposal of its own, for the user to reject.
 */
export async function proposeMemory(
  input: ProposeInput,
  mayKnow: (m: MemoryRecord) => boolean,
): Promise<ProposeResult> {
  const { privacyPatterns } = await loadSettings();
  const cleaned = withoutInvisible(input.content);
  const content = cleaned.text.trim().slice(0, MAX_MEMORY_CHARS);
  const label = content ? sensitiveLabel(content, privacyPatterns) : 'empty';
  if (label) return { outcome: 'dropped', reason: label };
  return db.transaction('rw', db.memories, async () => {
    const current = await db.memories.where('status').anyOf('active', 'proposed').toArray();
    // Only its own space counts: the same words kept in another space are that space's.
    const known = current.find(
      (m) =>
        mayKnow(m) && m.type === input.type && m.space === input.space && relation(m.content, content) === 'duplicate',
    );
    if (known?.status === 'proposed') return { outcome: 'proposed', memory: known };
    if (known) return { outcome: 'known', id: known.id };
    const importance = clampImportance(input.importance ?? 3);
    const why = memoryReasons({ content, type: input.type, importance });
    const first: ReviewReason =
      input.origin.kind === 'tool' ? 'tool' : input.origin.kind === 'opened' ? 'not-sent-here' : 'ask-first';
    const memory: MemoryRecord = {
      ...createMemory({ content, type: input.type, importance }),
      ...(input.space !== undefined ? { space: input.space } : {}),
      status: 'proposed',
      origin: input.origin,
      proposal: { reasons: [first, ...why] },
      ...(cleaned.removed > 0 ? { invisibleRemoved: cleaned.removed } : {}),
    };
    await db.memories.add(memory);
    return { outcome: 'proposed', memory };
  });
}
