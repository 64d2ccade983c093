/**
 * History messages through the real router: extension pages only; a capture is searchable
 * once the upkeep ran; a deleted chat is gone from search, from the index and from backups.
 */
import { describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { backupDb } from '../../../lib/db/backup-db';
import { createBackup } from '../../../lib/db/backups';
import { db } from '../../../lib/db/db';
import { keepHistoryIndexed } from '../../../lib/db/history-upkeep';
import { bucketEntries } from '../../../lib/history/buckets';
import { decodePostings } from '../../../lib/history/postings';
import type { Reply } from '../../../lib/protocol/define';
import { contentSender, extensionSender, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
const CLAUDE = 'https://claude.ai/chat/c-42';

async function ok<T>(reply: Promise<Reply<unknown>>): Promise<T> {
  const r = await reply;
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.data as T;
}

async function captureOne() {
  await ok(
    route(
      {
        type: 'chat.capture',
        payload: {
          conversationId: 'c-42',
          url: CLAUDE,
          title: 'Pottery',
          turns: [
            { role: 'user', text: 'My kiln cracked a celadon glaze bowl, why?' },
            { role: 'assistant', text: 'Crazing in celadon glaze usually means a thermal expansion mismatch.' },
          ],
        },
      },
      contentSender(CLAUDE),
    ),
  );
  await keepHistoryIndexed();
}

const search = (query: string) => ({ type: 'history.search', payload: { query } });

describe('history messages', () => {
  it('refuses search, list and delete from a chat page', async () => {
    await captureOne();
    for (const msg of [
      search('celadon'),
      { type: 'history.list', payload: { offset: 0, limit: 10 } },
      { type: 'history.delete', payload: { ids: ['claude:c-42'] } },
    ]) {
      expect(await route(msg, contentSender(CLAUDE))).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(await db.chats.get('claude:c-42')).toBeDefined();
  });

  it('finds a captured chat and lists it newest first', async () => {
    await captureOne();
    const res = await ok<{ results: { chatId: string }[] }>(route(search('glazes'), extensionSender));
    expect(res.results.map((r) => r.chatId)).toEqual(['claude:c-42']);
    const list = await ok<{ total: number; items: { chatId: string; firstWords: string }[] }>(
      route({ type: 'history.list', payload: { offset: 0, limit: 10 } }, extensionSender),
    );
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      chatId: 'claude:c-42',
      firstWords: 'My kiln cracked a celadon glaze bowl, why?',
    });
  });

  it('deletes a chat from the store, search, the index and every backup', async () => {
    await captureOne();
    await createBackup('after extraction');
    const before = await backupDb.backups.toArray();
    expect(before.some((b) => b.data.includes('celadon'))).toBe(true);
    const n = (await db.hchats.where('id').equals('claude:c-42').first())!.n;

    const res = await ok<{ deleted: number; backupsChanged: number }>(
      route({ type: 'history.delete', payload: { ids: ['claude:c-42'] } }, extensionSender),
    );
    expect(res).toEqual({ deleted: 1, backupsChanged: 1 });
    expect(await db.chats.get('claude:c-42')).toBeUndefined();
    expect((await ok<{ results: unknown[] }>(route(search('celadon'), extensionSender))).results).toEqual([]);
    await keepHistoryIndexed();
    for (const row of await db.hterms.toArray()) {
      for (const [, p] of bucketEntries(row.d)) expect(decodePostings(p).some((x) => x.chat === n)).toBe(false);
    }
    expect((await backupDb.backups.toArray()).some((b) => b.data.includes('celadon'))).toBe(false);
  });
});
