/**
 * Keeps a MemoryIndex in step with the memories table. v0 reloads the whole table after any
 * write to it (Dexie's storagemutated event); the retrieval issue makes this incremental.
 */
import { Dexie } from 'dexie';
import { MemoryIndex } from '../memory/retrieve';
import { db } from './db';

let index: MemoryIndex | null = null;
let loading: Promise<MemoryIndex> | null = null;

Dexie.on('storagemutated', (parts) => {
  if (Object.keys(parts).some((key) => key.includes(`/${db.name}/memories/`) || key.includes('memories'))) {
    index = null;
    loading = null;
  }
});

export async function warmIndex(): Promise<MemoryIndex> {
  if (index) return index;
  loading ??= (async () => {
    const fresh = new MemoryIndex();
    for (const m of await db.memories.toArray()) fresh.upsert(m);
    index = fresh;
    return fresh;
  })();
  return loading;
}
