/**
 * The stored ranking index: every write path leaves each memory with current stored terms,
 * a cold start uses them instead of tokenising, and stale rows (another index version, a
 * memory changed behind the background's back) are recomputed.
 */
import { describe, expect, it } from 'vitest';
import { createBackup, listBackups, restoreBackup } from '../../../lib/db/backups';
import { recordCapture } from '../../../lib/db/chats';
import { db, MemDB } from '../../../lib/db/db';
import { runMaintenance } from '../../../lib/db/maintenance';
import { deleteMemories, putMemories, updateMemory } from '../../../lib/db/memories';
import { dropIndex, indexSettled, warmIndex } from '../../../lib/db/memory-index-source';
import { storedFields, termsRow } from '../../../lib/db/memory-terms';
import { claimSends, recordSend, userTurnKeys } from '../../../lib/db/sends';
import { importParsed } from '../../../lib/db/transfer';
import { parseMemoryFile } from '../../../lib/memory-file/format';
import { commitWindow } from '../../../lib/queue/commit-window';
import { INDEX_VERSION, memoryFields } from '../../../lib/ranking/index-terms';
import { setClock } from '../../../lib/time';
import { memory, runningJob } from '../helpers';

const NOW = Date.parse('2026-11-30T00:00:00.000Z');
const rank = async (q: string) =>
  (await warmIndex()).rank(q, { site: null, now: NOW, limit: 10 }).map((r) => r.memory.content);

/** Every memory has a stored row holding exactly the terms it would get now. */
async function expectStoredInStep(): Promise<void> {
  await indexSettled();
  const rows = new Map((await db.terms.toArray()).map((r) => [r.id, r]));
  for (const m of await db.memories.toArray()) expect(storedFields(m, rows.get(m.id))).toEqual(memoryFields(m));
}

async function expectNoOrphans(): Promise<void> {
  await indexSettled();
  const ids = new Set(await db.memories.toCollection().primaryKeys());
  expect((await db.terms.toArray()).filter((r) => !ids.has(r.id))).toEqual([]);
}

describe('stored index terms', () => {
  it('are written with a memory, refreshed by an edit and dropped with it', async () => {
    await warmIndex();
    const m = memory({ content: 'User rides a road bike' });
    await putMemories([m]);
    await expectStoredInStep();
    await updateMemory(m.id, { content: 'User rides a gravel bike' });
    await expectStoredInStep();
    expect(storedFields((await db.memories.get(m.id))!, await db.terms.get(m.id))?.content).toContain('gravel');
    await deleteMemories([m.id]);
    await expectNoOrphans();
    expect(await db.terms.count()).toBe(0);
  });

  it('are written even when the index is not loaded', async () => {
    dropIndex();
    await putMemories([memory({ content: 'User keeps bees' })]);
    await expectStoredInStep();
  });

  it('are what a cold start loads, without tokenising again', async () => {
    const m = memory({ content: 'User plays the cello' });
    await putMemories([m]);
    await indexSettled();
    // A marker only the stored row holds: found after a reload, so the row was used.
    await db.terms.put(termsRow(m, { ...memoryFields(m), content: [...memoryFields(m).content, 'zzqq'] }));
    dropIndex();
    expect(await rank('zzqq')).toEqual(['User plays the cello']);
  });

  it('hold what the ranker reads by pattern, and a cold start takes it from them', async () => {
    const plain = memory({ content: 'User plays the cello' });
    const pref = memory({ content: 'User owns a green kayak', type: 'preference' });
    await putMemories([plain, pref]);
    await indexSettled();
    // Kinds and a cue no text states: a reload that honours them read them from the rows.
    await db.terms.bulkPut([
      termsRow(plain, { ...memoryFields(plain), profile: ['diet'] }),
      termsRow(pref, { ...memoryFields(pref), cue: ['address'] }),
    ]);
    dropIndex();
    const ranked = (await warmIndex()).rank('Any ideas what to cook for dinner?', { site: null, now: NOW, limit: 10 });
    expect(ranked.find((r) => r.memory.id === plain.id)?.parts.profile).toBeGreaterThan(0);
    expect(await rank('hello')).toEqual(['User owns a green kayak']);
  });

  it('follow a keywords edit: the profile kinds a keyword states are stored', async () => {
    await warmIndex();
    const m = memory({ content: 'User carries an epinephrine pen' });
    await putMemories([m]);
    await indexSettled();
    expect((await db.terms.get(m.id))?.t).not.toContain('diet');
    await updateMemory(m.id, { keywords: ['allergy'] });
    await expectStoredInStep();
    expect(storedFields((await db.memories.get(m.id))!, await db.terms.get(m.id))?.profile).toContain('diet');
  });

  it('are recomputed when the index version changed', async () => {
    const m = memory({ content: 'User plays the cello' });
    await putMemories([m]);
    await indexSettled();
    await db.terms.put({ ...termsRow(m, { ...memoryFields(m), content: ['qqzz'] }), v: INDEX_VERSION - 1 });
    dropIndex();
    expect(await rank('qqzz')).toEqual([]);
    expect(await rank('cello')).toEqual(['User plays the cello']);
    await expectStoredInStep();
    expect((await db.terms.get(m.id))?.v).toBe(INDEX_VERSION);
  });

  it('are recomputed for a memory changed without the background seeing it', async () => {
    const m = memory({ content: 'User plays the cello' });
    await putMemories([m]);
    await indexSettled();
    dropIndex();
    // Another connection to the same database: no middleware, as an old worker or a raw write.
    const other = new MemDB();
    await other.memories.put({ ...m, content: 'User plays the oboe' });
    other.close();
    expect(await rank('oboe')).toEqual(['User plays the oboe']);
    expect(await rank('cello')).toEqual([]);
    await expectStoredInStep();
  });

  it('stay in step through an import', async () => {
    await warmIndex();
    const file = {
      format: 'claude-mem.memories',
      version: 1,
      memories: [
        { content: 'User lives in Chengdu', type: 'fact', importance: 4 },
        { content: '用户喜欢爬山', type: 'preference', importance: 3 },
      ],
    };
    await importParsed(parseMemoryFile(JSON.stringify(file)));
    await expectStoredInStep();
    expect(await rank('Where do I live?')).toEqual(['User lives in Chengdu']);
  });

  it('stay in step through a restore, and drop the rows of memories it removed', async () => {
    await warmIndex();
    await putMemories([memory({ content: 'User learns Spanish' })]);
    await createBackup('test');
    const [backup] = await listBackups();
    await putMemories([memory({ content: 'User learns Korean' })]);
    await restoreBackup(backup!.id);
    await expectStoredInStep();
    expect(await rank('learn')).toEqual(['User learns Spanish']);
    await expectNoOrphans();
  });

  it('stay in step through maintenance', async () => {
    setClock(() => NOW);
    await warmIndex();
    const old = new Date(NOW - 50 * 86_400_000).toISOString();
    await db.memories.bulkPut([
      memory({ content: 'old task about taxes', type: 'task' }, { id: 't-old', updatedAt: old }),
      memory({ content: 'superseded note' }, { id: 's-old', status: 'superseded', updatedAt: old }),
    ]);
    await runMaintenance('1y');
    await expectStoredInStep();
    await expectNoOrphans();
    expect((await db.memories.get('t-old'))?.status).toBe('archived');
  });

  it('stay in step through an extraction', async () => {
    setClock(() => NOW);
    await warmIndex();
    const at = new Date(NOW).toISOString();
    // A chat the user typed here: what comes from it is used at once.
    await recordSend(3, 'claude', 'I moved to Chengdu');
    const chat = await recordCapture({
      site: 'claude',
      conversationId: 'c1',
      url: 'https://claude.ai/chat/c1',
      title: 'Moving',
      turns: [{ role: 'user', text: 'I moved to Chengdu' }],
    });
    await claimSends(3, chat!);
    await db.jobs.put(
      runningJob('job-1', 'claude:c1', { nextAttemptAt: at, createdAt: at, updatedAt: at, leaseUntil: at }),
    );
    const plan = await commitWindow({
      jobId: 'job-1',
      runner: 'r1',
      window: 0,
      lastWindow: true,
      chatVersion: 1,
      turns: await userTurnKeys(chat!.turns),
      fromAssistant: [],
      summary: 'about moving',
      items: [{ op: 'add', content: 'User moved to Chengdu', type: 'fact', importance: 4 }],
      aliases: new Map(),
      source: { site: 'claude', url: 'https://claude.ai/chat/c1', chatId: 'claude:c1' },
      patterns: [],
    });
    expect(plan?.writes).toHaveLength(1);
    await expectStoredInStep();
    expect(await rank('Where did I move?')).toEqual(['User moved to Chengdu']);
  });
});
