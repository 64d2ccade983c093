/**
 * Reading and writing sealed documents in the mirror (the local PouchDB database that
 * replicates): the current revision of many records at once, every conflicting revision of
 * one, a batch of new revisions, and the positions sync keeps in the mirror's `_local` documents.
 */
import type { ServerBody } from './codec';
import type { Db } from './pouch-types';

export interface Leaf {
  rev: string;
  body: unknown;
}

/** The winning revision of each id that exists (deleted or missing ids are absent). */
export async function currentRevs(mirror: Db, ids: readonly string[]): Promise<Map<string, Leaf>> {
  const out = new Map<string, Leaf>();
  if (ids.length === 0) return out;
  const res = await mirror.allDocs({ keys: [...ids], include_docs: true });
  for (const row of res.rows) {
    if (row.error || !row.doc || !row.value || row.value.deleted) continue;
    out.set(row.id, { rev: row.value.rev, body: row.doc });
  }
  return out;
}

/** The revisions in conflict with the winner. */
export async function conflictLeaves(mirror: Db, id: string, revs: readonly string[]): Promise<Leaf[]> {
  const out: Leaf[] = [];
  for (const rev of revs) {
    try {
      out.push({ rev, body: await mirror.get(id, { rev }) });
    } catch {
      // Gone meanwhile (compacted or resolved): nothing to merge.
    }
  }
  return out;
}

export type Write = (ServerBody & { _rev?: string }) | { _id: string; _rev: string; _deleted: true };

/** Writes revisions; returns `id@rev` of each one written (a 409 loses to what is there: the next round merges). */
export async function writeRevs(mirror: Db, writes: readonly Write[]): Promise<string[]> {
  const written: string[] = [];
  for (let i = 0; i < writes.length; i += 500) {
    const res = await mirror.bulkDocs(writes.slice(i, i + 500) as Record<string, unknown>[]);
    for (const r of res) if (r.ok) written.push(`${r.id}@${r.rev}`);
  }
  return written;
}

/** A position in the mirror's changes kept in a `_local` document (never replicated). */
export interface Mark {
  seq: number | string;
  rev?: string;
}

export async function readMark(mirror: Db, id: string): Promise<Mark> {
  try {
    const doc = await mirror.get(id);
    return { seq: (doc.seq as number | string) ?? 0, rev: doc._rev };
  } catch {
    return { seq: 0 };
  }
}

/** Saves a position over the one read before; returns the new mark. */
export async function saveMark(mirror: Db, id: string, seq: number | string, before: Mark): Promise<Mark> {
  const saved = await mirror.put({ _id: id, seq, ...(before.rev ? { _rev: before.rev } : {}) });
  return { seq, rev: saved.rev };
}
