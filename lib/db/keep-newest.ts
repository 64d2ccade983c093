/** Trimming the log tables Activity reads (desktop tools' calls, request keywords calls). */
import type { Table } from 'dexie';

/** A log table (indexed by `at`) keeps its newest `keep` rows. */
export async function keepNewest(table: Table<{ at: string }, string>, keep: number): Promise<void> {
  const count = await table.count();
  if (count <= keep) return;
  const old = await table
    .orderBy('at')
    .limit(count - keep)
    .primaryKeys();
  await table.bulkDelete(old);
}
