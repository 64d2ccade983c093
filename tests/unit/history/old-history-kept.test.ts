/**
 * "Keep chat history" and history a file brings in: chats from years ago, brought in today from
 * a site's export or a memory file, keep their text for the chosen time from today (the next
 * tidy-up does not empty them), and lose it once that time has passed since they came in.
 */
import { describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { db } from '../../../lib/db/db';
import { storeImported } from '../../../lib/db/history-import';
import { runMaintenance } from '../../../lib/db/maintenance';
import { setClock } from '../../../lib/time';
import { chat, panelCaller, routerOptions } from '../helpers';

const DAY = 86_400_000;
const TODAY = Date.parse('2026-12-07T09:00:00.000Z');
const LONG_AGO = '2023-10-15T12:32:03.975Z';
const call = panelCaller(createRouter(handlers, routerOptions));

const textOf = async (id: string) => (await db.chats.get(id))?.turns.map((t) => t.text) ?? [];

describe('old history brought in today', () => {
  it("from a site's export keeps its text a year from today under the default, then loses it", async () => {
    setClock(() => TODAY);
    await storeImported([
      {
        site: 'chatgpt',
        conversationId: 'fuel',
        url: 'https://chatgpt.com/c/fuel',
        title: 'Van fuel',
        createdAt: LONG_AGO,
        updatedAt: LONG_AGO,
        turns: [
          { role: 'user', text: 'Fuel use of a van with eight people?', at: LONG_AGO },
          { role: 'assistant', text: 'About 8 litres per 100 km.', at: LONG_AGO },
        ],
      },
    ]);
    expect((await db.chats.get('chatgpt:fuel'))?.importedAt).toBe(new Date(TODAY).toISOString());
    expect((await runMaintenance('1y')).droppedTranscripts).toBe(0);
    expect(await textOf('chatgpt:fuel')).toHaveLength(2);
    setClock(() => TODAY + 200 * DAY);
    expect((await runMaintenance('1y')).droppedTranscripts).toBe(0);
    setClock(() => TODAY + 366 * DAY);
    expect((await runMaintenance('1y')).droppedTranscripts).toBe(1);
    expect(await textOf('chatgpt:fuel')).toEqual([]);
    setClock(null);
  });

  it('from a memory file keeps its text for 30 days from today, whatever bring-in date the file claims', async () => {
    setClock(() => TODAY);
    const old = chat('claude:trip', {
      title: 'Trip',
      turns: [{ role: 'user', text: 'Plan a trip to Porto', at: LONG_AGO }],
      createdAt: LONG_AGO,
      updatedAt: LONG_AGO,
      lastActivityAt: LONG_AGO,
      version: 1,
      extractedVersion: 1,
      state: 'finished',
      importedAt: '9999-12-31T00:00:00.000Z',
    });
    const file = { format: 'claude-mem.memories', version: 2, exportedAt: LONG_AGO, memories: [], chats: [old] };
    await call('transfer.import', { text: JSON.stringify(file) });
    expect((await db.chats.get('claude:trip'))?.importedAt).toBe(new Date(TODAY).toISOString());
    expect((await runMaintenance('30d')).droppedTranscripts).toBe(0);
    setClock(() => TODAY + 31 * DAY);
    expect((await runMaintenance('30d')).droppedTranscripts).toBe(1);
    expect(await textOf('claude:trip')).toEqual([]);
    setClock(null);
  });
});
