import { describe, expect, it } from 'vitest';
import { db } from '../../../lib/db/db';
import { maintenanceLog, runMaintenance } from '../../../lib/db/maintenance';
import type { Chat } from '../../../lib/memory/types';
import { setClock } from '../../../lib/time';
import { memory } from '../helpers';

const NOW = Date.parse('2026-11-30T00:00:00.000Z');
const daysAgo = (d: number) => new Date(NOW - d * 86_400_000).toISOString();

function chat(id: string, over: Partial<Chat>): Chat {
  return {
    id,
    site: 'claude',
    conversationId: id,
    url: `https://claude.ai/chat/${id}`,
    title: '',
    turns: [{ role: 'user', text: 'hello', at: daysAgo(40) }],
    version: 1,
    state: 'finished',
    summary: 'summary',
    extractedVersion: 1,
    createdAt: daysAgo(40),
    updatedAt: daysAgo(40),
    lastActivityAt: daysAgo(40),
    ...over,
  };
}

describe('maintenance', () => {
  it('applies each forgetting rule, logs counts, and is idempotent', async () => {
    setClock(() => NOW);
    await db.memories.bulkPut([
      memory({ content: 'old task', type: 'task' }, { id: 't-old', updatedAt: daysAgo(50) }),
      memory(
        { content: 'old but recently hit task', type: 'task' },
        { id: 't-hit', updatedAt: daysAgo(50), lastHitAt: daysAgo(3) },
      ),
      memory({ content: 'pinned task', type: 'task' }, { id: 't-pin', updatedAt: daysAgo(50), pinned: true }),
      memory({ content: 'superseded long ago' }, { id: 's-old', status: 'superseded', updatedAt: daysAgo(31) }),
      memory({ content: 'superseded recently' }, { id: 's-new', status: 'superseded', updatedAt: daysAgo(5) }),
      memory({ content: 'weak fact', importance: 1 }, { id: 'f-weak', updatedAt: daysAgo(100) }),
      memory({ content: 'strong fact', importance: 4 }, { id: 'f-strong', updatedAt: daysAgo(400) }),
    ]);
    await db.chats.bulkPut([
      chat('done-old', {}),
      chat('not-extracted', { extractedVersion: 0 }),
      chat('recent', { lastActivityAt: daysAgo(2) }),
    ]);

    const report = await runMaintenance('30d');
    expect(report).toMatchObject({
      archivedTasks: 1,
      purgedSuperseded: 1,
      downWeightedFacts: 1,
      droppedTranscripts: 1,
    });
    expect((await db.memories.get('t-old'))?.status).toBe('archived');
    expect((await db.memories.get('t-hit'))?.status).toBe('active');
    expect((await db.memories.get('t-pin'))?.status).toBe('active');
    expect(await db.memories.get('s-old')).toBeUndefined();
    expect(await db.memories.get('s-new')).toBeDefined();
    expect((await db.memories.get('f-weak'))?.feedback).toBe(-1);
    expect((await db.memories.get('f-strong'))?.feedback).toBe(0);
    expect((await db.chats.get('done-old'))?.turns).toEqual([]);
    expect((await db.chats.get('done-old'))?.summary).toBe('summary');
    expect((await db.chats.get('not-extracted'))?.turns).toHaveLength(1);
    expect((await db.chats.get('recent'))?.turns).toHaveLength(1);

    const again = await runMaintenance('30d');
    expect(again).toMatchObject({ archivedTasks: 0, purgedSuperseded: 0, downWeightedFacts: 0, droppedTranscripts: 0 });
    expect((await maintenanceLog()).map((r) => r.archivedTasks)).toEqual([0, 1]);
  });
});
