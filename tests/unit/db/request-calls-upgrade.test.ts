/**
 * The upgrade to v8 (request keywords calls, for Activity) from a v7 store: the v6 fixture store
 * (tests/fixtures/db/v6-store.json) written at v7, as that release left it. Every row is kept as
 * it was, the new table starts empty, and a call is stored and listed over the upgraded store.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { db, SCHEMA_V7 } from '../../../lib/db/db';
import { addRequestCall, recentRequestCalls } from '../../../lib/db/request-calls';
import { V6_STORE, writeV6StoreAt } from './v6-store';

beforeEach(() => writeV6StoreAt(7, SCHEMA_V7));

describe('upgrade to v8 (request keywords calls)', () => {
  it('keeps every v7 row as it was and adds an empty requestCalls table indexed by time', async () => {
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(8);
    for (const [name, rows] of Object.entries(V6_STORE.tables))
      expect(await db.table(name).toArray(), name).toEqual(rows);
    expect(await db.requestCalls.count()).toBe(0);
    expect(db.table('requestCalls').schema.indexes.map((i) => i.name)).toEqual(['at']);
  });

  it('stores calls and lists them newest first', async () => {
    await db.open();
    const call = {
      site: 'chatgpt' as const,
      draft: 'plan a weekend',
      redacted: 0,
      inputTokens: 700,
      outputTokens: 60,
      keywords: ['family', 'home city'],
      problem: null,
      ms: 900,
    };
    await addRequestCall({ ...call, id: 'a', at: '2026-12-01T10:00:00.000Z' });
    await addRequestCall({ ...call, id: 'b', at: '2026-12-01T11:00:00.000Z' });
    expect((await recentRequestCalls(10)).map((c) => c.id)).toEqual(['b', 'a']);
  });
});
