/**
 * Every batch the export reader hands on fits the `history.import` message the background
 * accepts: its schema (how many conversations) and the browser's limit on one message (64 MiB
 * of JSON in Chromium). Many short conversations fill a batch by count, long ones by text.
 */
import { describe, expect, it } from 'vitest';
import { chatGptExport } from '../../../bench/lib/history-corpus';
import { readExport } from '../../../lib/history/import/read-export';
import { HistoryImportRequestSchema } from '../../../lib/history/schemas';

const MESSAGE_LIMIT = 64 * 1024 * 1024;

async function batchesOf(chats: number, turns: number) {
  const sizes: { count: number; bytes: number; fits: boolean }[] = [];
  await readExport(new Blob([chatGptExport(chats, turns).json]), 'conversations.json', async (batch, read) => {
    const message = { conversations: batch, importId: 'import-1', read: { done: read.done, total: read.total } };
    sizes.push({
      count: batch.length,
      bytes: new TextEncoder().encode(JSON.stringify(message)).length,
      fits: HistoryImportRequestSchema.safeParse(message).success,
    });
  });
  return sizes;
}

describe('batches of an export', () => {
  it('of many short conversations each fit one history.import message', async () => {
    const batches = await batchesOf(1_300, 2);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.filter((b) => !b.fits)).toEqual([]);
    expect(batches.every((b) => b.bytes < MESSAGE_LIMIT)).toBe(true);
  });

  it('of long conversations each fit one history.import message', async () => {
    const batches = await batchesOf(700, 20);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.filter((b) => !b.fits)).toEqual([]);
    expect(batches.every((b) => b.bytes < MESSAGE_LIMIT)).toBe(true);
  });
});
