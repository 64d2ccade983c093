/**
 * A chat's space in real Chromium, through the side panel's own controls and the fixture
 * ChatGPT page on its real URLs: a space chosen in This tab on a new chat → its first message
 * carries Work's memory and Everywhere's, never Home's, and the captured chat keeps Work; a
 * ChatGPT project mapped to Home → a new chat in that project gets Home's; an isolated space →
 * only its own; a block chosen while typing in Work is not sent once the chat is moved to Home;
 * Settings → Sites makes Work the default space of ChatGPT.
 * The page never holds a space name.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/adapters';
import type { Chat } from '../../lib/memory/types';
import type { ExtensionBrowser } from './harness/chromium';
import { ask, readStore } from './harness/extension-calls';
import { openSettings, openSiteRow, openView, saveSettings } from './harness/panel';
import { openOnSites, sentMessages } from './harness/sites';
import { carried, type SeededSpaces, SPACE_DRAFT, seedSpaces } from './harness/spaces';

const COMPOSER = ADAPTERS.find((a) => a.id === 'chatgpt')!.selectors.composer.join(', ');
const HEX = '6aaea9da2bc881918d6f9eb5177cf904';
const SPACE_NAMES = ['Work', 'Home', 'Client Z'];

let ext: ExtensionBrowser;
let panel: Page;
let spaces: SeededSpaces;

beforeAll(async () => {
  ({ ext, panel } = await openOnSites(['chatgpt']));
  spaces = await seedSpaces((type, payload) => ask(panel, type, payload));
});

afterAll(async () => {
  await ext?.close();
});

async function openChat(url: string): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(url);
  await page.waitForSelector('claude-mem-controls', { state: 'attached', timeout: 20_000 });
  return page;
}

/** This tab's "Space" (a labelled select: its name starts with the label). */
const spaceField = () => panel.getByRole('combobox', { name: /^Space\b/ });

/** This tab, about `page` (the panel follows the tab the user was on last). */
async function thisTab(page: Page): Promise<void> {
  await page.bringToFront();
  await panel.getByRole('tab', { name: 'This tab' }).click();
  await panel.getByRole('heading', { name: 'ChatGPT' }).waitFor();
  await spaceField().waitFor();
}

async function type(page: Page): Promise<void> {
  await page.click(COMPOSER);
  await page.keyboard.type(SPACE_DRAFT);
}

async function send(page: Page, typed = false): Promise<string> {
  if (!typed) await type(page);
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await sentMessages(page)).length, { timeout: 15_000 }).toBe(1);
  const [sent] = await sentMessages(page);
  return sent!.text;
}

/** Nothing of any space's name is in the page's DOM. */
async function pageShowsNoSpace(page: Page): Promise<void> {
  const html = await page.evaluate(() => document.documentElement.outerHTML);
  for (const name of SPACE_NAMES) expect(html).not.toContain(name);
}

describe('a chat space (Chromium)', () => {
  it('This tab → Work on a new chat: Work and Everywhere go with it, never Home; the chat keeps Work', async () => {
    const page = await openChat('https://chatgpt.com/');
    await thisTab(page);
    await spaceField().selectOption({ label: 'Work' });
    await panel.getByRole('status').filter({ hasText: 'Space changed.' }).waitFor();
    const text = await send(page);
    expect(carried(text).sort()).toEqual(['everywhere', 'work']);
    await pageShowsNoSpace(page);
    // The chat its first capture made keeps the choice.
    await expect
      .poll(
        async () => {
          const chat = (await readStore<Chat>(panel, 'chats')).find((c) => c.site === 'chatgpt');
          return chat ? [chat.space, chat.spaceBy] : null;
        },
        { timeout: 20_000 },
      )
      .toEqual([spaces.work, 'choice']);
    await openView(panel, 'activity');
    await panel.getByText('Space: Work').first().waitFor();
    await page.close();
  });

  it('a ChatGPT project mapped to Home: a new chat in it gets Home and Everywhere', async () => {
    const page = await openChat(`https://chatgpt.com/g/g-p-${HEX}-family/project`);
    await thisTab(page);
    const always = panel.getByRole('combobox', { name: /^Always put this project in/ });
    await always.waitFor();
    await always.selectOption({ label: 'Home' });
    await panel.getByRole('status').filter({ hasText: 'Space changed.' }).waitFor();
    await expect.poll(() => spaceField().inputValue()).toBe('auto');
    await panel.getByText('Its project is in Home.').waitFor();
    const text = await send(page);
    expect(carried(text).sort()).toEqual(['everywhere', 'home']);
    await pageShowsNoSpace(page);
    const [home] = await readStore<{ id: string; projects: string[] }>(panel, 'spaces').then((all) =>
      all.filter((s) => s.id === spaces.home),
    );
    expect(home?.projects).toEqual([`chatgpt:g-p-${HEX}`]);
    await page.close();
  });

  it('a block chosen while typing in Work is not sent after the user switched the chat to Home', async () => {
    const page = await openChat('https://chatgpt.com/');
    await thisTab(page);
    await spaceField().selectOption({ label: 'Work' });
    await panel.getByRole('status').filter({ hasText: 'Space changed.' }).last().waitFor();
    await type(page);
    // The panel's preview ranks as the send would: Work's memory is in it.
    const preview = panel.getByRole('list', { name: 'Memories for this message' });
    await preview.getByText('Acme runs Kubernetes').waitFor();
    await spaceField().selectOption({ label: 'Home' });
    await preview.getByText('Raspberry Pi').waitFor();
    const text = await send(page, true);
    expect(carried(text).sort()).toEqual(['everywhere', 'home']);
    await page.close();
  });

  it("Settings → Sites: ChatGPT's default space is Work, so a new chat there gets Work's", async () => {
    await openSettings(panel, 'sites');
    await openSiteRow(panel, 'ChatGPT');
    await panel.getByLabel('Default space for ChatGPT').selectOption({ label: 'Work' });
    // Like every choice in Settings, it is kept by Save settings.
    await saveSettings(panel);
    await expect
      .poll(async () => (await readStore<{ id: string; sites: string[] }>(panel, 'spaces')).find((s) => s.sites.length))
      .toMatchObject({ id: spaces.work, sites: ['chatgpt'] });
    const page = await openChat('https://chatgpt.com/');
    const text = await send(page);
    expect(carried(text).sort()).toEqual(['everywhere', 'work']);
    await page.close();
    await panel.getByLabel('Default space for ChatGPT').selectOption({ label: 'No space' });
    await saveSettings(panel);
    await expect
      .poll(async () => (await readStore<{ sites: string[] }>(panel, 'spaces')).every((s) => s.sites.length === 0))
      .toBe(true);
  });

  it('an isolated space gets only its own memories', async () => {
    const page = await openChat('https://chatgpt.com/');
    await thisTab(page);
    await spaceField().selectOption({ label: 'Client Z' });
    await panel.getByRole('status').filter({ hasText: 'Space changed.' }).last().waitFor();
    const text = await send(page);
    expect(carried(text)).toEqual(['clientZ']);
    await pageShowsNoSpace(page);
    await page.close();
  });
});
