/**
 * The spaces messages: the side panel lists and creates spaces (with counts); a chat page can
 * neither list nor create them, so a page cannot learn which spaces exist.
 */
import { describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { listBackups } from '../../../lib/db/backups';
import { db } from '../../../lib/db/db';
import { contentSender, extensionSender, memory, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);

describe('spaces messages', () => {
  it('creates spaces and lists them with how many memories each holds', async () => {
    const made = await route(
      { type: 'spaces.create', payload: { name: 'Work', description: 'Acme' } },
      extensionSender,
    );
    expect(made).toMatchObject({ ok: true, data: { name: 'Work', description: 'Acme', isolated: false } });
    const id = (made as { data: { id: string } }).data.id;
    await db.memories.bulkPut([
      memory({ content: 'Uses Jira at work' }, { id: 'a', space: id }),
      memory({ content: 'Lives in Chengdu' }, { id: 'b' }),
      memory({ content: 'Vegetarian' }, { id: 'c' }),
    ]);
    expect(await route({ type: 'spaces.list', payload: {} }, extensionSender)).toMatchObject({
      ok: true,
      data: { spaces: [{ id, name: 'Work', memories: 1 }], everywhere: 2 },
    });
  });

  it('refuses a name the rules refuse, with a clear error', async () => {
    const long = await route({ type: 'spaces.create', payload: { name: 'x'.repeat(61) } }, extensionSender);
    expect(long).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    const blank = await route({ type: 'spaces.create', payload: { name: '   ' } }, extensionSender);
    expect(blank).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await db.spaces.count()).toBe(0);
  });

  it('answers no chat page', async () => {
    const page = contentSender('https://chatgpt.com/c/abc', 1);
    await db.memories.put(memory({ content: 'Lives in Chengdu' }, { id: 'e1' }));
    const payloads: Record<string, unknown> = {
      'spaces.list': {},
      'spaces.create': { name: 'Spy' },
      'spaces.update': { id: 'sp-x', patch: { name: 'Spy' } },
      'spaces.move': { ids: ['e1'], space: null },
      'spaces.delete': { id: 'sp-x', memories: 'delete' },
      'spaces.restore': { space: { id: 'sp-x' }, memories: [] },
    };
    for (const [type, payload] of Object.entries(payloads)) {
      const reply = await route({ type, payload }, page);
      expect(reply).toMatchObject({ ok: false });
    }
    expect(await db.spaces.count()).toBe(0);
  });

  it('renames, moves, deletes with a backup first, and restores the deleted space exactly', async () => {
    const made = (await route({ type: 'spaces.create', payload: { name: 'Work' } }, extensionSender)) as {
      data: { id: string };
    };
    const id = made.data.id;
    await db.memories.bulkPut([
      memory({ content: 'Uses Jira at work' }, { id: 'a', space: id }),
      memory({ content: 'Lives in Chengdu' }, { id: 'b' }),
    ]);
    const renamed = await route(
      { type: 'spaces.update', payload: { id, patch: { name: '  Acme  ', description: 'The day job' } } },
      extensionSender,
    );
    expect(renamed).toMatchObject({
      ok: true,
      data: { before: { name: 'Work' }, after: { name: 'Acme', description: 'The day job' } },
    });
    const tooLong = await route(
      { type: 'spaces.update', payload: { id, patch: { description: 'x'.repeat(301) } } },
      extensionSender,
    );
    expect(tooLong).toMatchObject({ ok: false, error: { code: 'bad_request' } });

    const moved = await route({ type: 'spaces.move', payload: { ids: ['b'], space: id } }, extensionSender);
    expect(moved).toMatchObject({ ok: true, data: { before: [{ id: 'b' }], after: [{ id: 'b', space: id }] } });
    const nowhere = await route({ type: 'spaces.move', payload: { ids: ['b'], space: 'sp-gone' } }, extensionSender);
    expect(nowhere).toMatchObject({ ok: false, error: { code: 'bad_request' } });

    const space = await db.spaces.get(id);
    const rows = await db.memories.toArray();
    const deleted = (await route({ type: 'spaces.delete', payload: { id, memories: 'delete' } }, extensionSender)) as {
      ok: true;
      data: { space: unknown; memories: unknown[]; backupSkipped: boolean };
    };
    expect(deleted.data.backupSkipped).toBe(false);
    expect(deleted.data.memories).toHaveLength(2);
    expect(await db.memories.count()).toBe(0);
    const [backup] = await listBackups();
    expect(backup).toMatchObject({ reason: 'before space delete', memoryCount: 2 });

    const undone = await route(
      { type: 'spaces.restore', payload: { space: deleted.data.space, memories: deleted.data.memories } },
      extensionSender,
    );
    expect(undone).toMatchObject({ ok: true, data: { restored: 2 } });
    expect(await db.spaces.get(id)).toEqual(space);
    expect((await db.memories.toArray()).sort((x, y) => x.id.localeCompare(y.id))).toEqual(
      rows.sort((x, y) => x.id.localeCompare(y.id)),
    );
  });

  it('keeps a hostile name as plain text', async () => {
    const name = '<img src=x onerror=alert(1)>';
    const made = await route({ type: 'spaces.create', payload: { name } }, extensionSender);
    expect(made).toMatchObject({ ok: true, data: { name } });
  });

  it('adds a memory by hand into a space, and refuses a space that is gone', async () => {
    const made = (await route({ type: 'spaces.create', payload: { name: 'Work' } }, extensionSender)) as {
      data: { id: string };
    };
    const added = await route(
      { type: 'memories.add', payload: { content: 'Standup at nine', type: 'task', space: made.data.id } },
      extensionSender,
    );
    expect(added).toMatchObject({ ok: true, data: { space: made.data.id, origin: { kind: 'hand' } } });
    const gone = await route(
      { type: 'memories.add', payload: { content: 'Client X prefers calls', type: 'fact', space: 'sp-gone' } },
      extensionSender,
    );
    expect(gone).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await db.memories.count()).toBe(1);
  });
});
