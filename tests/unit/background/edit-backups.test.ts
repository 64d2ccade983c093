/**
 * Backups follow hand edits, adds and deletes: the first change marks the store and sets an
 * alarm at most `EDIT_BACKUP_DELAY_MS` later; that alarm takes one backup for the whole burst.
 * A rebuild from it keeps the hand work.
 */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { EDIT_BACKUP_ALARM, runEditBackup } from '../../../entrypoints/background/edit-backups';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { EDIT_BACKUP_DELAY_MS } from '../../../lib/db/backup-schedule';
import { listBackups, readBackup } from '../../../lib/db/backups';
import { setClock } from '../../../lib/time';
import { panelCaller, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
const call = panelCaller(route);

const T0 = Date.parse('2026-11-01T08:00:00.000Z');

describe('backups after hand edits', () => {
  it('one backup per burst of edits, due within the debounce time of the first edit', async () => {
    setClock(() => T0);
    const a = await call<{ id: string }>('memories.add', { content: 'Added by hand', type: 'fact' });
    const alarm = await fakeBrowser.alarms.get(EDIT_BACKUP_ALARM);
    expect(alarm?.scheduledTime).toBeLessThanOrEqual(T0 + EDIT_BACKUP_DELAY_MS);
    setClock(() => T0 + 30_000);
    await call('memories.update', { id: a.id, patch: { content: 'Edited by hand' } });
    const b = await call<{ id: string }>('memories.add', { content: 'Deleted by hand', type: 'fact' });
    await call('memories.delete', { ids: [b.id] });
    expect((await fakeBrowser.alarms.get(EDIT_BACKUP_ALARM))?.scheduledTime).toBe(alarm?.scheduledTime);

    // Not due yet: nothing taken.
    expect(await runEditBackup()).toBeNull();
    setClock(() => T0 + EDIT_BACKUP_DELAY_MS);
    const taken = await runEditBackup();
    expect(taken?.reason).toBe('after edits');
    const snapshot = await readBackup(taken?.id ?? '');
    // The edit kept the earlier text as a version of the memory.
    expect(snapshot.memories.map((m) => [m.content, m.status]).sort()).toEqual([
      ['Added by hand', 'superseded'],
      ['Edited by hand', 'active'],
    ]);
    // Nothing changed since: no second backup.
    setClock(() => T0 + 10 * EDIT_BACKUP_DELAY_MS);
    expect(await runEditBackup()).toBeNull();
    expect((await listBackups()).filter((x) => x.reason === 'after edits')).toHaveLength(1);
  });
});
