/**
 * Undo of an import, bring-in or restore, driven as the panel drives it (its models, the real
 * router and store): the undo takes back exactly what the action wrote. Work done after the
 * action (an extraction, a hand edit, a hand add, a captured chat) survives, and a record the
 * action wrote but that changed again since is left as it is and counted.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { commitBringIn, items } from '../../../entrypoints/sidepanel/models/bring-in';
import { notice } from '../../../entrypoints/sidepanel/models/notice';
import { backups, importFile, restoreFrom } from '../../../entrypoints/sidepanel/models/transfer';
import { history, resetUndo, undo } from '../../../entrypoints/sidepanel/models/undo';
import { createBackup, listBackups } from '../../../lib/db/backups';
import { excludeChat, recordCapture } from '../../../lib/db/chats';
import { db } from '../../../lib/db/db';
import { commitWindow } from '../../../lib/db/extraction';
import { getMemory, putMemories } from '../../../lib/db/memories';
import { claimSends, recordSend, userTurnKeys } from '../../../lib/db/sends';
import { serializeMemoryFile } from '../../../lib/memory-file/format';
import { chat, extensionSender, memory, panelCaller, routerOptions, runningJob } from '../helpers';

const route = createRouter(handlers, routerOptions);
const figures = { actions: 0, laterKept: 0, laterLost: 0, changedSinceKept: 0 };

beforeEach(() => {
  resetUndo();
  notice.value = null;
  // The panel's messages reach the real background router, as an extension page's would.
  fakeBrowser.runtime.onMessage.addListener((m: unknown, _s: unknown, sendResponse: (r: unknown) => void) => {
    void route(m, extensionSender).then(sendResponse);
    return true;
  });
});

const call = panelCaller(route);

/** An extraction landing after the action: a real commit of a running job's answer, from a chat typed here. */
async function extractionLands(content: string): Promise<void> {
  await recordSend(2, 'claude', content);
  const captured = await recordCapture({
    site: 'claude',
    conversationId: 'later',
    url: 'https://claude.ai/chat/later',
    title: '',
    turns: [{ role: 'user', text: content }],
  });
  await claimSends(2, captured!);
  const job = runningJob('job-later', 'claude:later');

  await db.jobs.put(job);
  const plan = await commitWindow({
    jobId: job.id,
    runner: 'r1',
    window: 0,
    lastWindow: true,
    chatVersion: 1,
    turns: await userTurnKeys(captured!.turns),
    fromAssistant: [],
    summary: 'a later chat',
    items: [{ op: 'add', content, type: 'fact', importance: 3 }],
    aliases: new Map(),
    source: { site: 'claude', url: 'https://claude.ai/chat/later', chatId: 'claude:later' },
    patterns: [],
  });
  expect(plan?.stats.added).toBe(1);
}

/** Later work of every kind; returns a check that counts what survived. */
async function laterWork(): Promise<() => Promise<void>> {
  await extractionLands('Extracted after the action: plays the cello');
  await call('memories.update', { id: 'mine', patch: { content: 'Edited by hand after the action' } });
  const added = await call<{ id: string }>('memories.add', { content: 'Added by hand after the action', type: 'fact' });
  await recordCapture({
    site: 'chatgpt',
    conversationId: 'captured-later',
    url: 'https://chatgpt.com/c/captured-later',
    title: '',
    turns: [{ role: 'user', text: 'a chat captured after the action' }],
  });
  return async () => {
    const kept = [
      (await db.memories.toArray()).some((m) => m.content === 'Extracted after the action: plays the cello'),
      (await getMemory('mine'))?.content === 'Edited by hand after the action',
      (await getMemory(added.id)) !== undefined,
      (await db.chats.get('chatgpt:captured-later')) !== undefined,
      (await db.chats.get('claude:later'))?.summary === 'a later chat',
    ];
    figures.laterKept += kept.filter(Boolean).length;
    figures.laterLost += kept.filter((k) => !k).length;
    expect(kept).toEqual([true, true, true, true, true]);
  };
}

async function undoNewest(): Promise<void> {
  const entry = history.value[0];
  expect(entry).toBeDefined();
  expect(await undo(entry?.id ?? -1)).toBe(true);
  figures.actions++;
}

describe('undo takes back exactly what the action did', () => {
  it('an import: its memories, its update and its chats go; later work and a record changed since stay', async () => {
    const mine = memory({ content: 'Mine, before the import' }, { id: 'mine' });
    const old = memory({ content: 'Works at Acme' }, { id: 'shared', updatedAt: '2026-01-01T00:00:00.000Z' });
    await putMemories([mine, old]);
    const newer = { ...old, content: 'Works at Initech', updatedAt: '2026-06-01T00:00:00.000Z' };
    const text = serializeMemoryFile({
      memories: [
        newer,
        memory({ content: 'Imported: likes tea' }, { id: 'imp-1' }),
        memory({ content: 'Imported: will be edited' }, { id: 'imp-2' }),
      ],
      chats: [chat('chatgpt:from-file')],
    });
    await importFile(new File([text], 'file.json', { type: 'application/json' }));
    expect((await getMemory('shared'))?.content).toBe('Works at Initech');
    expect(await db.chats.get('chatgpt:from-file')).toBeDefined();

    const check = await laterWork();
    await call('memories.update', { id: 'imp-2', patch: { content: 'Imported, then edited by me' } });
    await undoNewest();

    await check();
    expect(await getMemory('imp-1')).toBeUndefined();
    expect((await getMemory('shared'))?.content).toBe('Works at Acme');
    expect(await db.chats.get('chatgpt:from-file')).toBeUndefined();
    expect((await getMemory('imp-2'))?.content).toBe('Imported, then edited by me');
    // The version the import made of 'shared' goes with it; the versions the later hand edits
    // made (of 'mine' and of the imported 'imp-2') stay, as history of the memories kept.
    const versions = (await db.memories.where('status').equals('superseded').toArray())
      .map((v) => [v.supersededBy, v.content])
      .sort();
    expect(versions).toEqual([
      ['imp-2', 'Imported: will be edited'],
      ['mine', 'Mine, before the import'],
    ]);
    figures.changedSinceKept++;
    expect(notice.value?.text()).toMatch(/1 changed again since/);
  });

  it('a bring-in: the memories it added go, the one it replaced comes back, later work stays', async () => {
    await putMemories([memory({ content: 'Mine, before the bring-in' }, { id: 'mine' })]);
    const row = { createdAt: null, include: true, check: null };
    items.value = [
      { ...row, content: 'Brought in: allergic to peanuts', type: 'fact', importance: 5 },
      { ...row, content: 'Brought in: prefers metric units', type: 'preference', importance: 3 },
    ];
    await commitBringIn();
    const brought = (await db.memories.toArray()).filter((m) => m.content.startsWith('Brought in'));
    expect(brought).toHaveLength(2);

    const check = await laterWork();
    await undoNewest();

    await check();
    expect((await db.memories.toArray()).filter((m) => m.content.startsWith('Brought in'))).toEqual([]);
  });

  it('a restore: the store goes back to just before it, except what changed since', async () => {
    await putMemories([
      memory({ content: 'Mine' }, { id: 'mine' }),
      memory({ content: 'In the backup' }, { id: 'b1' }),
    ]);
    const snap = await createBackup('after extraction');
    await putMemories([memory({ content: 'Added after the backup' }, { id: 'after-backup' })]);
    await db.memories.delete('b1');
    backups.value = await listBackups();
    await restoreFrom({ ...snap });
    expect(await getMemory('b1')).toBeDefined();
    expect(await getMemory('after-backup')).toBeUndefined();

    const check = await laterWork();
    await undoNewest();

    await check();
    expect(await getMemory('b1')).toBeUndefined();
    expect((await getMemory('after-backup'))?.content).toBe('Added after the backup');
  });
});

describe('undo entries', () => {
  it('never bring back a chat forgotten after the action, nor keep its text', async () => {
    const c = chat('chatgpt:secret', {
      turns: [{ role: 'user', text: 'my secret plan', at: '2026-11-30T00:00:00.000Z' }],
    });
    await db.chats.put(c);
    const snap = await createBackup('after extraction');
    await db.chats.delete(c.id);
    await restoreFrom({ ...snap });
    await db.chats.put(c);
    await excludeChat('chatgpt', 'secret', 'https://chatgpt.com/c/secret');
    expect(JSON.stringify(await db.meta.toArray())).not.toContain('my secret plan');
    await undoNewest();
    expect((await db.chats.get(c.id))?.state).toBe('excluded');
  });

  it('expire after a day', async () => {
    const text = serializeMemoryFile({ memories: [memory({ content: 'Imported today' }, { id: 'imp' })] });
    await importFile(new File([text], 'f.json'));
    const rows = await db.meta.where('key').startsWith('undo:').toArray();
    expect(rows).toHaveLength(1);
    const row = rows[0] as { key: string; value: { at: string } };
    await db.meta.put({ key: row.key, value: { ...row.value, at: '2020-01-01T00:00:00.000Z' } });
    expect(await undo(history.value[0]?.id ?? -1)).toBe(false);
    expect(notice.value?.text()).toMatch(/no longer be undone/);
    expect(await getMemory('imp')).toBeDefined();
    console.info(
      `undo exact: ${figures.actions} actions undone after later work, ${figures.laterKept} later changes kept, ${figures.laterLost} lost, ${figures.changedSinceKept} record changed since kept`,
    );
  });
});
