/**
 * The whole ranking index in one record, for cold starts: reading 10,000 memories and their
 * stored terms as 20,000 IndexedDB records is most of a cold start; one string and one
 * JSON.parse are a fraction of it. The record holds the built index itself (postings per
 * term, MemoryIndex.dump), not each memory's terms: restoring postings costs a fraction of
 * building them again. The snapshot is used only while it is current: every
 * committed write to the memories table also writes a new revision in the same transaction
 * (the middleware in memory-index-source.ts), and the snapshot names the revision, index
 * version and schema version it was built from. Anything else falls back to the per-memory
 * rows (memory-terms.ts), and a fresh snapshot is written a moment after the store settles.
 */
import { INDEX_VERSION, memoryFields } from '../ranking/index-terms';
import { INDEX_DUMP_FORMAT, MemoryIndex, type MemoryIndexDump } from '../ranking/retrieve';
import { db } from './db';
import { type MemoriesWithTerms, readMemoriesWithTerms, storedFields } from './memory-terms';

/** Rewritten by every committed write to memories, in the write's own transaction. */
export const REVISION_KEY = 'memories.revision';
const SNAPSHOT_KEY = 'index.snapshot';
/** What the snapshot was built from, apart from its (large) data: checked before reading it. */
const SNAPSHOT_OF_KEY = 'index.snapshot.of';

function stamp(revision: unknown): string {
  return `${INDEX_DUMP_FORMAT}:${INDEX_VERSION}:${db.verno}:${String(revision)}`;
}

type IndexSource = { restored: MemoryIndex } | (MemoriesWithTerms & { restored?: undefined });

/**
 * The index restored from the snapshot when it is current, else every memory with its index
 * fields from the memories and their stored rows; all in one read transaction, so the answer
 * is consistent.
 */
export async function readIndexSource(): Promise<IndexSource> {
  return db.transaction('r', db.meta, db.memories, db.terms, async () => {
    const [revision, of] = await Promise.all([db.meta.get(REVISION_KEY), db.meta.get(SNAPSHOT_OF_KEY)]);
    if (revision && of?.value === stamp(revision.value)) {
      const data = (await db.meta.get(SNAPSHOT_KEY))?.value;
      if (typeof data === 'string') return { restored: MemoryIndex.restore(JSON.parse(data) as MemoryIndexDump) };
    }
    return readMemoriesWithTerms();
  });
}

/** Writes a snapshot of the store as it is now, unless it is current already or a write races it. */
export async function writeSnapshot(): Promise<boolean> {
  const [known, of] = await db.transaction('r', db.meta, () =>
    Promise.all([db.meta.get(REVISION_KEY), db.meta.get(SNAPSHOT_OF_KEY)]),
  );
  if (known && of?.value === stamp(known.value)) return false;
  const [revision, memories, rows] = await db.transaction('r', db.meta, db.memories, db.terms, () =>
    Promise.all([db.meta.get(REVISION_KEY), db.memories.toArray(), db.terms.toArray()]),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  // Built afresh in table order, as a cold start without a snapshot would build it.
  const index = new MemoryIndex();
  for (const m of memories) index.upsert(m, storedFields(m, byId.get(m.id)) ?? memoryFields(m));
  const data = JSON.stringify(index.dump());
  return db.transaction('rw', db.meta, async () => {
    const now = await db.meta.get(REVISION_KEY);
    if ((now?.value ?? null) !== (revision?.value ?? null)) return false;
    const current = revision?.value ?? crypto.randomUUID();
    if (!revision) await db.meta.put({ key: REVISION_KEY, value: current });
    await db.meta.bulkPut([
      { key: SNAPSHOT_KEY, value: data },
      { key: SNAPSHOT_OF_KEY, value: stamp(current) },
    ]);
    return true;
  });
}
