/**
 * A page choosing the query (real Chromium): a hidden box matching the composer's selector,
 * filled by the page, its own button tagged as the send button, a new `/c/` URL by pushState
 * before each of the user's real clicks. The page must read no memory block, and the
 * background hands none out for it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAttacks, runAttack, serveWithAttack } from './harness/attacks';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { ask } from './harness/extension-calls';
import { sampleMemoryFile } from './harness/memory-files';
import { buildFixtures, homeUrl } from './harness/sites';

const ATTACK = 'chosen-query';
const CLICKS = 5;

let ext: ExtensionBrowser;
let panel: Page;

beforeAll(async () => {
  await buildFixtures(['chatgpt']);
  await buildAttacks([ATTACK]);
  ext = await launchChromium();
  await serveWithAttack(ext.context, ATTACK);
  panel = await ext.openSidePanel();
  await ask(panel, 'transfer.import', { text: JSON.stringify(sampleMemoryFile()) });
});

afterAll(async () => {
  await ext?.close();
});

describe('a page choosing what is looked up', () => {
  it('gets no block from a hidden box it filled, for real clicks on its own button, across pushState', async () => {
    const page = await ext.context.newPage();
    await page.goto(homeUrl('chatgpt'));
    await page.waitForSelector('claude-mem-controls', { state: 'attached', timeout: 10_000 });
    let blocks = 0;
    for (let i = 0; i < CLICKS; i++) {
      await runAttack(page, 'arm');
      // A real mouse click where the page's own button is (as a user would click it).
      const box = await page.getByRole('button', { name: 'Show more' }).boundingBox();
      if (!box) throw new Error('the page did not show its button');
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      blocks += (await runAttack<{ blocks: number }>(page, 'read')).blocks;
    }
    console.info(
      `[chosen query] ${CLICKS} real clicks on the page's own button: ${blocks} memory blocks read by the page`,
    );
    expect(blocks).toBe(0);
    await page.close();
  });
});
