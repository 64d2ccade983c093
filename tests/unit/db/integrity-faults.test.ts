/**
 * The start-up check under read faults: transient errors are retried and never cost data; a
 * store is rebuilt only when a verified backup exists and the store stays unreadable, and
 * only after every record that can still be read was copied to the backup database.
 * Faults are injected by overriding the real Dexie table reads (fake-indexeddb underneath).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { backupDb } from '../../../lib/db/backup-db';
import { createBackup } from '../../../lib/db/backups';
import { db } from '../../../lib/db/db';
import { checkIntegrity, READ_ATTEMPTS, storeDegraded } from '../../../lib/db/integrity';
import { chat, memory } from '../helpers';

const NO_WAIT = { retryDelaysMs: [0, 0, 0, 0, 0] };
const figures = { transientRuns: 0, injected: 0, rebuilds: 0, lost: 0, resurrected: 0 };

function domError(name: string, message = name): Error {
  return Object.assign(new Error(message), { name });
}

/** Makes `count` on a table fail `times` times, then behave again. */
function failCounts(table: 'memories' | 'jobs', error: Error, times: number) {
  const spy = vi.spyOn(db[table], 'count');
  for (let i = 0; i < times; i++) spy.mockRejectedValueOnce(error);
  return spy;
}

async function contents(): Promise<string[]> {
  return (await db.memories.toArray()).map((m) => m.content).sort();
}

afterAll(() => {
  console.info(
    `integrity faults: ${figures.transientRuns} start-ups with ${figures.injected} transient read errors, ${figures.rebuilds} rebuilds (1 expected: unreadable + verified backup), ${figures.lost} records lost, ${figures.resurrected} deleted records back after a rebuild`,
  );
});

describe('start-up check under faults', () => {
  it('retries a transient UnknownError/AbortError: nothing rebuilt, hand-added memories kept', async () => {
    await db.memories.put(memory({ content: 'in the backup' }));
    await createBackup('after extraction');
    await db.memories.put(memory({ content: 'added by hand after the backup' }));
    for (let run = 0; run < 10; run++) {
      const name = run % 2 ? 'AbortError' : 'UnknownError';
      const spy = failCounts('memories', domError(name), READ_ATTEMPTS - 1);
      figures.injected += READ_ATTEMPTS - 1;
      const report = await checkIntegrity(NO_WAIT);
      spy.mockRestore();
      figures.transientRuns++;
      if (report.incident) figures.rebuilds++;
      expect(report.incident).toBeNull();
      expect(report.degraded).toBeNull();
    }
    const kept = await contents();
    figures.lost += 2 - kept.length;
    expect(kept).toEqual(['added by hand after the backup', 'in the backup']);
  });

  it('a transient error that does not go away: degraded mode, store left exactly as it is', async () => {
    await db.memories.put(memory({ content: 'only copy' }));
    await createBackup('after extraction');
    await db.memories.put(memory({ content: 'newer than any backup' }));
    const spy = vi.spyOn(db.memories, 'count').mockRejectedValue(domError('UnknownError', 'backing store'));
    const report = await checkIntegrity(NO_WAIT);
    spy.mockRestore();
    figures.transientRuns++;
    if (report.incident) figures.rebuilds++;
    expect(report.incident).toBeNull();
    expect(report.degraded?.error).toBe('UnknownError: backing store');
    expect(await storeDegraded()).toEqual(report.degraded);
    expect(await contents()).toEqual(['newer than any backup', 'only copy']);
    // The next clean start clears the banner.
    expect((await checkIntegrity(NO_WAIT)).degraded).toBeNull();
    expect(await storeDegraded()).toBeNull();
  });

  it('an unreadable store without a verified backup is never deleted', async () => {
    await db.memories.put(memory({ content: 'no backup of me' }));
    const spy = vi.spyOn(db.jobs, 'count').mockRejectedValue(domError('DataError'));
    const report = await checkIntegrity(NO_WAIT);
    spy.mockRestore();
    if (report.incident) figures.rebuilds++;
    expect(report.incident).toBeNull();
    expect(report.degraded?.error).toMatch(/DataError/);
    expect(await contents()).toEqual(['no backup of me']);
  });

  it('a damaged backup does not count as verified', async () => {
    await db.memories.put(memory({ content: 'live' }));
    const snap = await createBackup('after extraction');
    await backupDb.backups.update(snap.id, { data: '{"memories":[],"chats":[]}' });
    const spy = vi.spyOn(db.jobs, 'count').mockRejectedValue(domError('DataError'));
    const report = await checkIntegrity(NO_WAIT);
    spy.mockRestore();
    expect(report.incident).toBeNull();
    expect(await contents()).toEqual(['live']);
  });

  it('rebuilds only after retries, saving every readable record first and putting it back', async () => {
    await db.memories.put(memory({ content: 'in the stale backup' }));
    await createBackup('after extraction');
    await db.memories.put(memory({ content: 'added by hand after the backup' }));
    const spy = failCounts('jobs', domError('DataError', 'unreadable'), READ_ATTEMPTS);
    const report = await checkIntegrity(NO_WAIT);
    spy.mockRestore();
    figures.rebuilds++;
    expect(report.incident?.restoredFrom).not.toBeNull();
    const salvage = await backupDb.salvage.toArray();
    expect(salvage).toHaveLength(1);
    expect(salvage[0]?.data).toContain('added by hand after the backup');
    const kept = await contents();
    figures.lost += 2 - kept.length;
    expect(kept).toEqual(['added by hand after the backup', 'in the stale backup']);
  });

  it('a table read in full is the truth: memories and chats deleted after the backup stay deleted', async () => {
    const kept = memory({ content: 'kept all along' });
    const deleted = memory({ content: 'deleted after the backup' });
    await db.memories.bulkPut([kept, deleted]);
    await db.chats.put(chat('chatgpt:gone'));
    await db.chats.put(chat('chatgpt:stays'));
    await createBackup('after extraction');
    await db.memories.delete(deleted.id);
    await db.chats.delete('chatgpt:gone');
    const spy = failCounts('jobs', domError('DataError', 'unreadable'), READ_ATTEMPTS);
    const report = await checkIntegrity(NO_WAIT);
    spy.mockRestore();
    figures.rebuilds++;
    expect(report.incident).not.toBeNull();
    const back = (await contents()).filter((c) => c === 'deleted after the backup').length;
    figures.resurrected += back + ((await db.chats.get('chatgpt:gone')) ? 1 : 0);
    expect(await contents()).toEqual(['kept all along']);
    expect(await db.chats.get('chatgpt:gone')).toBeUndefined();
    expect(await db.chats.get('chatgpt:stays')).toBeDefined();
  });

  it('a table that could not be read in full still takes the backup for what is missing', async () => {
    const one = memory({ content: 'readable' });
    const two = memory({ content: 'in a failing batch' });
    await db.memories.bulkPut([one, two]);
    await createBackup('after extraction');
    const whole = vi.spyOn(db.memories, 'toArray').mockRejectedValue(domError('DataError', 'one bad record'));
    const batch = vi.spyOn(db.memories, 'bulkGet').mockRejectedValue(domError('DataError', 'one bad record'));
    const spy = failCounts('jobs', domError('DataError', 'unreadable'), READ_ATTEMPTS);
    const report = await checkIntegrity(NO_WAIT);
    spy.mockRestore();
    whole.mockRestore();
    batch.mockRestore();
    figures.rebuilds++;
    expect(report.incident).not.toBeNull();
    expect(await contents()).toEqual(['in a failing batch', 'readable']);
  });

  it('never rebuilds a store written by a newer version (VersionError)', async () => {
    await db.memories.put(memory({ content: 'from a newer build' }));
    await createBackup('after extraction');
    const spy = vi.spyOn(db.memories, 'count').mockRejectedValue(domError('VersionError'));
    const report = await checkIntegrity(NO_WAIT);
    spy.mockRestore();
    expect(report.incident).toBeNull();
    expect(report.degraded?.error).toMatch(/VersionError/);
    expect(await contents()).toEqual(['from a newer build']);
  });
});
