/**
 * How many memory blocks one chat page can draw out: a page that makes every click look like
 * a new conversation's first message gets at most BLOCKS_PER_TAB_HOUR per tab and
 * BLOCKS_PER_SITE_HOUR per site in an hour; typing ahead hands nothing out; the count and
 * what was held back are kept for Activity; the next hour lets blocks through again.
 */
import { describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { handoutCounts } from '../../../lib/db/block-handouts';
import { db } from '../../../lib/db/db';
import { BLOCKS_PER_SITE_HOUR, BLOCKS_PER_TAB_HOUR } from '../../../lib/sites/bounds';
import { nowMs, setClock } from '../../../lib/time';
import { contentSender, memory, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);

async function blockFor(tabId: number, use: 'warm' | 'send' | 'hand' = 'send'): Promise<boolean> {
  const reply = await route(
    { type: 'inject.prepare', payload: { draft: `where do I live ${tabId}`, use } },
    contentSender(`https://chatgpt.com/c/attack-${tabId}`, tabId),
  );
  if (!reply.ok) throw new Error(reply.error.message);
  return (reply.data as { block: string | null }).block !== null;
}

describe('blocks handed to one site', () => {
  it('are bounded per tab and per site each hour, and typing ahead hands none out', async () => {
    await db.memories.put(memory({ content: 'Lives in Chengdu', pinned: true }));
    const start = nowMs();
    setClock(() => start);
    for (let i = 0; i < 20; i++) expect(await blockFor(1, 'warm')).toBe(false);
    const oneTab: boolean[] = [];
    for (let i = 0; i < 10; i++) oneTab.push(await blockFor(1));
    const manyTabs: boolean[] = [];
    for (let tab = 2; tab < 12; tab++) manyTabs.push(await blockFor(tab, tab % 2 ? 'hand' : 'send'));
    const given = oneTab.filter(Boolean).length + manyTabs.filter(Boolean).length;
    const counts = await handoutCounts(nowMs());
    console.info(
      `block bounds: 20 typed-ahead drafts, 20 sends from 11 tabs of one site in an hour: ${given} blocks handed out, ${counts[0]?.held} held back`,
    );
    expect(oneTab.filter(Boolean)).toHaveLength(BLOCKS_PER_TAB_HOUR);
    expect(given).toBe(BLOCKS_PER_SITE_HOUR);
    expect(counts).toEqual([{ site: 'chatgpt', given: BLOCKS_PER_SITE_HOUR, held: 20 - BLOCKS_PER_SITE_HOUR }]);
    setClock(() => start + 3_600_001);
    expect(await blockFor(1)).toBe(true);
  });
});
