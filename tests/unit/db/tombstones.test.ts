/**
 * "Don't remember this chat" stays forgotten: no restore, rebuild, import or undo of an import
 * brings the transcript back, the idle sweep never queues it, and existing backups lose it.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { sweepIdleChats } from '../../../entrypoints/background/lifecycle';
import { backupDb } from '../../../lib/db/backup-db';
import { createBackup, restoreBackup } from '../../../lib/db/backups';
import { excludeChat, getChat, includeChat, recordCapture } from '../../../lib/db/chats';
import { db } from '../../../lib/db/db';
import { checkIntegrity, READ_ATTEMPTS } from '../../../lib/db/integrity';
import { listJobs } from '../../../lib/db/jobs';
import { importParsed } from '../../../lib/db/transfer';
import { chatIdOf } from '../../../lib/memory/new-chat';
import { parseMemoryFile } from '../../../lib/memory-file/format';
import { setClock } from '../../../lib/time';

const SECRET = 'my divorce lawyer is Ms Okafor';
const figures = { paths: 0, resurrected: 0, queued: 0 };

async function capturedChat() {
  setClock(() => Date.parse('2026-11-01T08:00:00.000Z'));
  const chat = await recordCapture({
    site: 'chatgpt',
    conversationId: 'private-1',
    url: 'https://chatgpt.com/c/private-1',
    title: 'Private',
    turns: [
      { role: 'user', text: SECRET },
      { role: 'assistant', text: 'I see.' },
    ],
  });
  if (!chat) throw new Error('not captured');
  return chat;
}

/** After each path: the chat is still excluded, holds no text, and the sweep queues nothing. */
async function expectForgotten() {
  figures.paths++;
  setClock(() => Date.parse('2026-11-02T08:00:00.000Z'));
  const chat = await getChat(chatIdOf('chatgpt', 'private-1'));
  const text = JSON.stringify(chat ?? null);
  if (text.includes(SECRET) || chat?.state !== 'excluded') figures.resurrected++;
  const queued = await sweepIdleChats();
  figures.queued += queued + (await listJobs()).length;
  expect(chat?.state).toBe('excluded');
  expect(text).not.toContain(SECRET);
  expect(queued).toBe(0);
  expect(await listJobs()).toEqual([]);
}

afterAll(() => {
  console.info(
    `tombstones: ${figures.paths} restore/rebuild/import paths, ${figures.resurrected} transcripts back, ${figures.queued} jobs queued`,
  );
});

describe('excluded chats are tombstones', () => {
  it('purges the transcript from backups taken before the exclusion', async () => {
    await capturedChat();
    await createBackup('after extraction');
    expect((await backupDb.backups.toArray())[0]?.data).toContain(SECRET);
    await excludeChat('chatgpt', 'private-1', 'https://chatgpt.com/c/private-1');
    for (const row of await backupDb.backups.toArray()) expect(row.data).not.toContain(SECRET);
    await expectForgotten();
  });

  it('a restore of an older backup keeps it forgotten', async () => {
    await capturedChat();
    const old = await createBackup('after extraction');
    await excludeChat('chatgpt', 'private-1', 'https://chatgpt.com/c/private-1');
    await restoreBackup(old.id);
    await expectForgotten();
  });

  it('a restore of a backup from before the chat existed keeps it excluded', async () => {
    const empty = await createBackup('after extraction');
    await capturedChat();
    await excludeChat('chatgpt', 'private-1', 'https://chatgpt.com/c/private-1');
    await restoreBackup(empty.id);
    await expectForgotten();
    // A later capture of the same conversation is still refused.
    expect(
      await recordCapture({
        site: 'chatgpt',
        conversationId: 'private-1',
        url: 'https://chatgpt.com/c/private-1',
        title: 'Private',
        turns: [{ role: 'user', text: SECRET }],
      }),
    ).toBeNull();
  });

  it('a rebuild from a backup keeps it forgotten', async () => {
    await capturedChat();
    await createBackup('after extraction');
    await excludeChat('chatgpt', 'private-1', 'https://chatgpt.com/c/private-1');
    const broken = Object.assign(new Error('gone'), { name: 'NotFoundError' });
    const spy = vi.spyOn(db.jobs, 'count');
    for (let i = 0; i < READ_ATTEMPTS; i++) spy.mockRejectedValueOnce(broken);
    const report = await checkIntegrity({ retryDelaysMs: [0, 0, 0] });
    spy.mockRestore();
    expect(report.incident).not.toBeNull();
    await expectForgotten();
  });

  it('an import carrying the transcript, and the undo of that import, keep it forgotten', async () => {
    const chat = await capturedChat();
    await excludeChat('chatgpt', 'private-1', 'https://chatgpt.com/c/private-1');
    const before = await createBackup('before import');
    const file = JSON.stringify({
      format: 'claude-mem.memories',
      version: 1,
      memories: [],
      chats: [{ ...chat, state: 'open', version: 9, updatedAt: '2026-11-01T09:00:00.000Z' }],
    });
    await importParsed(parseMemoryFile(file));
    await expectForgotten();
    await restoreBackup(before.id);
    await expectForgotten();
  });

  it('"remember this chat again" lifts the tombstone', async () => {
    await capturedChat();
    await excludeChat('chatgpt', 'private-1', 'https://chatgpt.com/c/private-1');
    await includeChat(chatIdOf('chatgpt', 'private-1'));
    expect(await backupDb.tombstones.count()).toBe(0);
    expect((await getChat(chatIdOf('chatgpt', 'private-1')))?.state).toBe('open');
  });
});
