/**
 * The gap between the memory block and the user's text, on every site's real editor library
 * (fixture pages, production build, Chromium): exactly one blank line in what the editor holds
 * after the block is inserted by hand, and in what the page sends in auto mode. Each editor
 * turns the newlines we insert into its own paragraphs and line breaks, so this is read back
 * from the editor's own model (`window.__fixture.editorText`) and from what "the server" got.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/adapters';
import type { ChatSiteAdapter } from '../../lib/adapters/types';
import { BLOCK_END } from '../../lib/ranking/render';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { ask, setSiteMode } from './harness/extension-calls';
import { sampleMemoryFile } from './harness/memory-files';
import { pageControls } from './harness/page-controls';
import { buildFixtures, homeUrl, sentMessages, serveFixtures } from './harness/sites';

const SITES = ADAPTERS.filter((a) => !process.env.SITES || process.env.SITES.split(',').includes(a.id));
const DRAFT = 'I want to buy a house in 成都 with my budget — what should I check first?';

let ext: ExtensionBrowser;
let panel: Page;

beforeAll(async () => {
  await buildFixtures(SITES.map((a) => a.id));
  ext = await launchChromium();
  await serveFixtures(ext.context);
  panel = await ext.openSidePanel();
  await ask(panel, 'transfer.import', { text: JSON.stringify(sampleMemoryFile()) });
});

afterAll(async () => {
  await ext?.close();
});

async function openChat(adapter: ChatSiteAdapter): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(homeUrl(adapter.id));
  await page.waitForSelector('claude-mem-controls', { state: 'attached', timeout: 10_000 });
  await page.click(adapter.selectors.composer.join(', '));
  await page.keyboard.type(DRAFT);
  return page;
}

/** What follows the block's closing line, with the newlines made visible for the failure message. */
function afterBlock(text: string): string {
  const end = text.indexOf(BLOCK_END);
  expect(end, `no block in ${JSON.stringify(text.slice(0, 80))}`).toBeGreaterThan(0);
  return JSON.stringify(text.slice(end + BLOCK_END.length));
}

const ONE_BLANK_LINE = JSON.stringify(`\n\n${DRAFT}`);

describe.each(SITES.map((a) => [a.id, a] as const))('%s', (site, adapter) => {
  it('manual: the editor holds the block, one blank line, then the draft', async () => {
    await setSiteMode(panel, site, 'manual');
    const page = await openChat(adapter);
    const controls = await pageControls(page, ext.extensionId);
    await expect.poll(async () => (await controls.state()).insert !== null, { timeout: 10_000 }).toBe(true);
    await controls.click('insert');
    await expect.poll(async () => (await controls.state()).status, { timeout: 5000 }).toBe('Memories inserted.');
    await controls.detach();
    expect(afterBlock(await page.evaluate(() => window.__fixture.editorText()))).toBe(ONE_BLANK_LINE);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await sentMessages(page)).length).toBe(1);
    expect(afterBlock((await sentMessages(page))[0]!.text)).toBe(ONE_BLANK_LINE);
    await page.close();
  });

  it('auto: what is sent has the block, one blank line, then the draft', async () => {
    await setSiteMode(panel, site, 'auto');
    const page = await openChat(adapter);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await sentMessages(page)).length).toBe(1);
    expect(afterBlock((await sentMessages(page))[0]!.text)).toBe(ONE_BLANK_LINE);
    await page.close();
  });
});
