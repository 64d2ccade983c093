/**
 * The user's answer to proposals. Accepting one makes it count: a new memory becomes active; a
 * proposed change is applied to the memory it names, whose old text becomes a version in its
 * history, and the proposal itself is removed. Rejecting removes it. Each call is one
 * transaction and returns what undo needs: the records as they were and the ids it created.
 */
import { withoutInvisible } from '../memory/invisible';
import { MAX_MEMORY_CHARS, type MemoryRecord } from '../memory/types';
import { changeMemory } from '../memory/versions';
import { tagsFor } from '../text/keywords';
import { now } from '../time';
import { db } from './db';

export interface ReviewResult {
  /** The records as they were before: undo puts them back. */
  before: MemoryRecord[];
  /** Records this created (versions of changed memories): undo removes them. */
  created: string[];
  /** How many proposals were accepted (or rejected). */
  count: number;
}

/** A proposal as an active memory of its own (no memory to change, or that memory is gone). */
function activated(p: MemoryRecord, content: string, edited: boolean, at: string): MemoryRecord {
  const { proposal: _proposal, ...rest } = p;
  return {
    ...rest,
    status: 'active',
    content,
    tags: content === p.content ? p.tags : tagsFor(content),
    updatedAt: at,
    ...(edited ? { origin: { kind: 'hand' as const } } : {}),
  };
}

/**
 * Accepts proposals. `content` (one proposal only) is the user's edit of its text: the memory
 * is then the user's own (origin `hand`).
 */
export async function acceptProposals(ids: readonly string[], content?: string): Promise<ReviewResult> {
  const edit = content === undefined ? undefined : withoutInvisible(content).text.trim().slice(0, MAX_MEMORY_CHARS);
  if (edit !== undefined && (ids.length !== 1 || edit === '')) throw new Error('an edit accepts exactly one proposal');
  return db.transaction('rw', db.memories, async () => {
    const at = now();
    const result: ReviewResult = { before: [], created: [], count: 0 };
    for (const p of (await db.memories.bulkGet([...ids])).filter((m): m is MemoryRecord => !!m)) {
      if (p.status !== 'proposed') continue;
      const text = edit ?? p.content;
      const target = p.proposal?.changes ? await db.memories.get(p.proposal.changes) : undefined;
      result.count++;
      if (target?.status !== 'active') {
        result.before.push(p);
        await db.memories.put(activated(p, text, edit !== undefined, at));
        continue;
      }
      const [changed, version] = changeMemory(
        target,
        {
          content: text,
          type: p.type,
          importance: p.importance,
          ...(p.keywords ? { keywords: p.keywords } : {}),
          source: p.source,
          origin: edit !== undefined ? { kind: 'hand' } : (p.origin ?? { kind: 'sent' }),
          ...(p.invisibleRemoved && edit === undefined ? { invisibleRemoved: p.invisibleRemoved } : {}),
        },
        at,
      );
      result.before.push(p, target);
      result.created.push(version.id);
      await db.memories.bulkPut([changed, version]);
      await db.memories.delete(p.id);
    }
    return result;
  });
}

/** Rejects proposals: they are removed (undo puts them back). */
export async function rejectProposals(ids: readonly string[]): Promise<ReviewResult> {
  return db.transaction('rw', db.memories, async () => {
    const rows = (await db.memories.bulkGet([...ids])).filter((m): m is MemoryRecord => m?.status === 'proposed');
    await db.memories.bulkDelete(rows.map((m) => m.id));
    return { before: rows, created: [], count: rows.length };
  });
}

/** How many memories wait for review (the toolbar badge). */
export function countProposals(): Promise<number> {
  return db.memories.where('status').equals('proposed').count();
}
