/**
 * Storage full: deleting must always work, since it is how the user makes room. The backup a
 * delete takes first is skipped when there is no room for it, and the reply says so. Backups
 * keep transcripts out once extracted, so seven of them never hold seven copies of each chat.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { backupDb } from '../../../lib/db/backup-db';
import { TRANSCRIPT_BUDGET_CHARS } from '../../../lib/db/backup-snapshot';
import { createBackup, KEEP_BACKUPS, readBackup, restoreBackup } from '../../../lib/db/backups';
import { db } from '../../../lib/db/db';
import { putMemories } from '../../../lib/db/memories';
import type { Chat } from '../../../lib/memory/types';
import { extensionSender, memory, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
const figures = { deletes: 0, refused: 0, transcriptBytes: 0, backupBytes: 0 };

afterAll(() => {
  console.info(
    `storage full: ${figures.deletes} deletes under quota, ${figures.refused} refused; ` +
      `${KEEP_BACKUPS} backups of ${(figures.transcriptBytes / 1e6).toFixed(1)} MB of extracted transcripts hold ${(figures.backupBytes / 1e6).toFixed(2)} MB`,
  );
});

function chat(i: number, text: string, extracted: boolean): Chat {
  const at = '2026-11-01T08:00:00.000Z';
  return {
    id: `kimi:c${i}`,
    site: 'kimi',
    conversationId: `c${i}`,
    url: `https://www.kimi.com/chat/c${i}`,
    title: `Chat ${i}`,
    turns: [{ role: 'user', text, at }],
    version: 1,
    state: 'finished',
    summary: `Summary ${i}`,
    extractedVersion: extracted ? 1 : 0,
    createdAt: at,
    updatedAt: at,
    lastActivityAt: at,
  };
}

describe('storage full', () => {
  it('a delete goes through without its backup when there is no room, and says so', async () => {
    await putMemories([memory({ content: 'Delete me' }, { id: 'a' }), memory({ content: 'Keep me' }, { id: 'b' })]);
    const quota = Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
    const spy = vi.spyOn(backupDb.backups, 'add').mockRejectedValue(quota);
    const reply = (await route({ type: 'memories.delete', payload: { ids: ['a'] } }, extensionSender)) as {
      ok: boolean;
      data?: { deleted: { id: string }[]; backupSkipped: boolean };
    };
    spy.mockRestore();
    figures.deletes++;
    if (!reply.ok) figures.refused++;
    expect(reply.ok).toBe(true);
    expect(reply.data?.deleted.map((m) => m.id)).toEqual(['a']);
    expect(reply.data?.backupSkipped).toBe(true);
    expect((await db.memories.toArray()).map((m) => m.id)).toEqual(['b']);
  });

  it('backups keep extracted transcripts out, and pending ones only up to a budget', async () => {
    const text = 'x'.repeat(200_000);
    const chats = Array.from({ length: 20 }, (_, i) => chat(i, text, true));
    await db.chats.bulkPut([...chats, chat(99, 'still to extract', false)]);
    figures.transcriptBytes = 20 * text.length;
    for (let i = 0; i < KEEP_BACKUPS; i++) await createBackup(`b${i}`);
    const rows = await backupDb.backups.toArray();
    figures.backupBytes = rows.reduce((n, r) => n + r.data.length, 0);
    expect(figures.backupBytes).toBeLessThan(figures.transcriptBytes / 10);
    const snapshot = await readBackup(rows[0]?.id ?? '');
    expect(snapshot.chats.find((c) => c.id === 'kimi:c99')?.turns).toHaveLength(1);
    expect(snapshot.chats.find((c) => c.id === 'kimi:c0')).toMatchObject({ turns: [], summary: 'Summary 0' });
    expect(TRANSCRIPT_BUDGET_CHARS).toBeGreaterThan(0);
    // A restore keeps the live transcripts the backup left out.
    await restoreBackup(rows[0]?.id ?? '');
    expect((await db.chats.get('kimi:c0'))?.turns[0]?.text).toBe(text);
  });
});
