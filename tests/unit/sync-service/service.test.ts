/**
 * The worker's sync service, whole: the product's store on fake-indexeddb, the mirror on
 * PouchDB's memory adapter (its IndexedDB adapter, the extension's, needs a real browser's
 * transactions: the e2e tests run it), and the loopback CouchDB-compatible server over real HTTP. What the rounds do is round.test.ts; here, when they run and what they ask of
 * the server.
 */
import { Dexie } from 'dexie';
import memoryAdapter from 'pouchdb-adapter-memory/lib/index.es.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { db } from '../../../lib/db/db';
import { createMemory } from '../../../lib/memory/factory';
import type { MemoryRecord } from '../../../lib/memory/types';
import { markPending, noteStoreChange, syncNow, syncSoon, syncStatus } from '../../../lib/sync-service/service';
import { disableSync, enableSync } from '../../../lib/sync-service/setup';
import { type CouchServer, startCouchServer } from '../../e2e/harness/couch-server';

vi.mock('../../../lib/sync/browser-pouch', async () => {
  const { makePouch } = await import('../../../lib/sync/pouch');
  const pouches = makePouch(memoryAdapter, 'memory');
  return { browserPouch: () => pouches };
});

let server: CouchServer;
let n = 0;

type Service = { noteStoreChange: typeof noteStoreChange; markPending: typeof markPending };
/** As the worker's wiring listens with sync on: note the change, mark changes waiting. */
const listenerOf = (service: Service) => (parts: Parameters<typeof noteStoreChange>[0]) => {
  if (service.noteStoreChange(parts)) service.markPending();
};
const listener = listenerOf({ noteStoreChange, markPending });

beforeEach(async () => {
  server = await startCouchServer();
  vi.spyOn(browser.permissions, 'contains').mockImplementation(async () => true);
  Dexie.on('storagemutated', listener);
});

afterEach(async () => {
  Dexie.on('storagemutated').unsubscribe(listener);
  await disableSync();
  await server.close();
  vi.restoreAllMocks();
});

const memory = (content: string): MemoryRecord => createMemory({ content, type: 'fact' }) as MemoryRecord;

async function turnOn(): Promise<void> {
  const status = await enableSync({
    address: server.dbUrl(`service-${++n}`),
    passphrase: 'correct horse battery staple',
    deviceName: 'Laptop',
  });
  expect(status.error).toBeNull();
  await syncNow();
  expect((await syncStatus()).lastSync).not.toBeNull();
}

describe('the sync service', () => {
  it('runs one more round when Sync now is pressed during a round, carrying a change made meanwhile', async () => {
    await db.memories.put(memory('Lives in Lyon'));
    await turnOn();
    // Hold the next round at its pull: it has compared the store already.
    const held = server.holdOn((req) => req.method === 'GET' && req.url.includes('/_changes'));
    const first = syncNow();
    await held.arrived;
    await db.memories.put(memory('Has a cat named Miso'));
    const second = syncNow();
    const before = server.requests.length;
    held.release();
    await first;
    await second;
    // The follow-up round sent the memory written while the first was running.
    const pushed = server.requests.slice(before).filter((r) => r.method === 'POST' && r.url.includes('_bulk_docs'));
    expect(pushed.length).toBeGreaterThan(0);
  });

  it('a change that leaves nothing to send (a hit count) starts a round that asks nothing of the server', async () => {
    const m = memory('Drinks oat latte');
    await db.memories.put(m);
    await turnOn();
    const before = server.requests.length;
    await db.memories.update(m.id, { hitCount: 3 });
    syncSoon();
    // The debounce is ten seconds; the round then compares the one memory and stops (the same
    // wait with a pulling round sees five requests).
    await new Promise((r) => setTimeout(r, 10_500));
    await vi.waitFor(async () => expect((await syncStatus()).running).toBe(false), { timeout: 10_000 });
    expect(server.requests.slice(before)).toEqual([]);
  }, 30_000);

  it('compares the whole store after a worker stopped with changes uncompared, and only then', async () => {
    await db.memories.put(memory('Lives in Lyon'));
    await turnOn();
    await db.memories.put(memory('Learns Portuguese'));
    await syncNow();

    // A new worker (fresh modules) after one that left nothing uncompared: no whole compare.
    const wakeUp = async () => {
      Dexie.on('storagemutated').unsubscribe(current);
      vi.resetModules();
      const service = await import('../../../lib/sync-service/service');
      const store = await import('../../../lib/db/db');
      current = listenerOf(service);
      Dexie.on('storagemutated', current);
      return { service, read: vi.spyOn(store.db.memories, 'toArray') };
    };
    let current = listener;
    const calm = await wakeUp();
    await calm.service.syncNow();
    expect(calm.read).not.toHaveBeenCalled();

    // This worker notes a change and stops before any round: the next one compares everything.
    const { db: store } = await import('../../../lib/db/db');
    await store.memories.put(memory('Keeps bees'));
    await vi.waitFor(async () => {
      const { readTrusted } = await import('../../../lib/db/trusted');
      expect(await readTrusted('sync.pending')).toBe(true);
    });
    const after = await wakeUp();
    const before = server.requests.length;
    await after.service.syncNow();
    expect(after.read).toHaveBeenCalled();
    expect(server.requests.slice(before).some((r) => r.url.includes('_bulk_docs'))).toBe(true);
    Dexie.on('storagemutated').unsubscribe(current);
  });
});
