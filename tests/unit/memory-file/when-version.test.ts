/**
 * The memory JSON format, version 3: a memory's date (`when`) through the real export and
 * import path (the background router). Version 2 files (written before dates) still import and
 * never take a date away; a version 3 file with a date that is no calendar day, a range ending
 * before it starts, or a year no memory is about is refused, naming the memory and the field.
 */
import { describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { db } from '../../../lib/db/db';
import { parseMemoryFile } from '../../../lib/memory-file/format';
import { memory, panelCaller, routerOptions } from '../helpers';
import { errorOf } from './refusal';

const route = createRouter(handlers, routerOptions);
const call = panelCaller(route);
const T0 = '2026-11-01T10:00:00.000Z';
const T1 = '2026-11-05T10:00:00.000Z';

const exportText = async () => (await call<{ text: string }>('transfer.export', { chatHistory: false })).text;
const importText = (text: string) => call<{ added: number; updated: number }>('transfer.import', { text });
const file = (version: number, memories: unknown[]) =>
  JSON.stringify({ format: 'claude-mem.memories', version, exportedAt: T1, memories });

/** A memory as a version 2 export wrote it (no `when`). */
const written = (id: string, content: string, updatedAt = T0) => ({
  id,
  content,
  type: 'task',
  importance: 3,
  tags: [],
  status: 'active',
  scope: 'global',
  pinned: false,
  note: '',
  createdAt: T0,
  updatedAt,
  lastHitAt: null,
  hitCount: 0,
  supersededBy: null,
  source: null,
});

describe('memory file version 3: a memory’s date', () => {
  it('exports version 3 with the date of dated memories only, and a fresh store takes it back', async () => {
    await db.memories.bulkPut([
      memory({ content: 'Interview at Globex on 2026-11-27', type: 'task' }, { id: 'd1', when: '2026-11-27' }),
      memory({ content: 'Lives in Lyon' }, { id: 'u1' }),
    ]);
    const text = await exportText();
    const doc = JSON.parse(text);
    expect(doc.version).toBe(3);
    expect(doc.memories.find((m: { id: string }) => m.id === 'd1').when).toBe('2026-11-27');
    expect('when' in doc.memories.find((m: { id: string }) => m.id === 'u1')).toBe(false);
    await db.memories.clear();
    expect(await importText(text)).toMatchObject({ added: 2 });
    expect((await db.memories.get('d1'))?.when).toBe('2026-11-27');
    expect((await db.memories.get('u1'))?.when).toBeUndefined();
  });

  it('imports a version 2 file as before: its memories carry no date', async () => {
    expect(await importText(file(2, [written('v2', 'Renew the passport')]))).toMatchObject({ added: 1 });
    const stored = await db.memories.get('v2');
    expect(stored?.content).toBe('Renew the passport');
    expect(stored?.when).toBeUndefined();
  });

  it('lets a version 2 file update a dated memory without taking its date; version 3 may clear it', async () => {
    await db.memories.put(
      memory({ content: 'Dentist', type: 'task' }, { id: 'm1', when: '2026-12-14', updatedAt: T0 }),
    );
    // Newer text from a device still writing version 2: the date stays, the text changes.
    expect(await importText(file(2, [written('m1', 'Dentist at the new clinic', T1)]))).toMatchObject({ updated: 1 });
    expect(await db.memories.get('m1')).toMatchObject({ content: 'Dentist at the new clinic', when: '2026-12-14' });
    // A version 3 file knows dates: a newer copy without one has had it taken away.
    const later = '2026-11-06T10:00:00.000Z';
    expect(await importText(file(3, [written('m1', 'Dentist at the new clinic', later)]))).toMatchObject({
      updated: 1,
    });
    expect((await db.memories.get('m1'))?.when).toBeUndefined();
  });

  it('refuses a version 3 file whose date is no calendar day, ends before it starts, or is out of range', () => {
    const withWhen = (when: unknown) => file(3, [{ ...written('x1', 'Trip'), when }]);
    for (const bad of ['2026-02-30', '2026-12-10/2026-12-01', '2026-11-27T10:00:00Z', 'next Friday', '3026-01-01'])
      expect(errorOf(withWhen(bad)), bad).toMatch(/^memories\[0\]\.when: /);
    expect(errorOf(withWhen(20261127))).toMatch(/^memories\[0\]\.when: /);
    expect(errorOf(withWhen('x'.repeat(5000)))).toMatch(/^memories\[0\]\.when: /);
    // A valid one reads.
    expect(parseMemoryFile(withWhen('2026-12-01/2026-12-10')).memories[0]?.when).toBe('2026-12-01/2026-12-10');
  });
});
