import { describe, expect, it, vi } from 'vitest';
import { createBackup } from '../../../lib/db/backups';
import { db } from '../../../lib/db/db';
import { checkIntegrity, lastIncident, listQuarantine, READ_ATTEMPTS } from '../../../lib/db/integrity';
import { memory } from '../helpers';

describe('integrity check', () => {
  it('quarantines records that do not parse, keeps them, and leaves good ones', async () => {
    await db.memories.bulkPut([memory({ content: 'good one' }, { id: 'ok' })]);
    await db.memories.put({ ...memory({ content: 'bad' }), id: 'bad', importance: 11 } as never);
    await db.memories.put({ id: 'half', content: 42 } as never);
    const report = await checkIntegrity();
    expect(report).toMatchObject({ checked: 3, quarantined: 2, incident: null });
    expect((await db.memories.toArray()).map((m) => m.id)).toEqual(['ok']);
    const q = await listQuarantine();
    expect(q.map((r) => r.id).sort()).toEqual(['memories:bad', 'memories:half']);
    expect(q.find((r) => r.id === 'memories:bad')?.reason).toBe('importance: expected at most 5, got 11');
    expect((q.find((r) => r.id === 'memories:half')?.record as { content: number } | undefined)?.content).toBe(42);
    // A second run finds nothing more: the check is idempotent.
    expect((await checkIntegrity()).quarantined).toBe(0);
  });

  it('rebuilds an unreadable store from the newest good backup and records the incident', async () => {
    await db.memories.bulkPut([memory({ content: '住在成都' }), memory({ content: 'Uses Rust' })]);
    await createBackup('after extraction');
    // An object store gone from the schema fails every read the same way (not a passing error).
    const broken = Object.assign(new Error('No objectStore named memories'), { name: 'NotFoundError' });
    const spy = vi.spyOn(db.memories, 'count');
    for (let i = 0; i < READ_ATTEMPTS; i++) spy.mockRejectedValueOnce(broken);

    const report = await checkIntegrity({ retryDelaysMs: [0, 0, 0] });
    expect(report.incident?.error).toBe('NotFoundError: No objectStore named memories');
    expect(report.incident?.restoredFrom).not.toBeNull();
    expect((await db.memories.toArray()).map((m) => m.content).sort()).toEqual(['Uses Rust', '住在成都']);
    expect(await lastIncident()).toEqual(report.incident);
  });
});
