/**
 * The on-page controls against the page they sit on (real Chromium, real mouse clicks).
 * What the page can see of them (is the host there, where does `elementFromPoint` hit it)
 * must be the same whatever the site's switches and the chat's "don't remember" state; and a
 * page that hides the controls or covers them with a decoy must not get a click on them: the
 * user's click acts only when the control is visible and is what is under the pointer.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/adapters';
import type { SiteMode } from '../../lib/settings/schema';
import type { ExtensionBrowser } from './harness/chromium';
import { ask, readStore } from './harness/extension-calls';
import { pageControls } from './harness/page-controls';
import { homeUrl, openOnSites } from './harness/sites';

const adapter = ADAPTERS.find((a) => a.id === 'chatgpt')!;
const COMPOSER = adapter.selectors.composer.join(', ');

let ext: ExtensionBrowser;
let panel: Page;

beforeAll(async () => {
  ({ ext, panel } = await openOnSites(['chatgpt']));
});

afterAll(async () => {
  await ext?.close();
});

async function setSwitches(learn: boolean, inject: SiteMode): Promise<void> {
  const { settings } = await ask<{ settings: { sites: Record<string, { learn: boolean; inject: SiteMode }> } }>(
    panel,
    'settings.get',
  );
  settings.sites.chatgpt = { ...settings.sites.chatgpt!, learn, inject };
  await ask(panel, 'settings.set', { settings });
}

async function openChat(): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(homeUrl('chatgpt'));
  await page.waitForSelector(COMPOSER);
  return page;
}

/**
 * What the page's own script can learn: whether the host is in the DOM, its box, and the box
 * over which `elementFromPoint` returns it, scanned every 2 px around the composer's top.
 */
function pageView(page: Page) {
  return page.evaluate((composerSelector) => {
    const composer = document.querySelector(composerSelector)!.getBoundingClientRect();
    const host = document.querySelector('claude-mem-controls');
    let hit: { left: number; top: number; right: number; bottom: number } | null = null;
    for (let y = Math.max(0, composer.top - 80); y < composer.bottom + 60; y += 2) {
      for (let x = Math.max(0, composer.right - 400); x < composer.right + 20; x += 2) {
        if (document.elementFromPoint(x, y)?.localName !== 'claude-mem-controls') continue;
        hit = hit
          ? {
              left: Math.min(hit.left, x),
              top: Math.min(hit.top, y),
              right: Math.max(hit.right, x),
              bottom: Math.max(hit.bottom, y),
            }
          : { left: x, top: y, right: x, bottom: y };
      }
    }
    const box = host?.getBoundingClientRect();
    return {
      present: !!host,
      attributes: host ? host.getAttributeNames() : [],
      hostBox: box ? [box.width, box.height] : null,
      hit,
    };
  }, COMPOSER);
}

async function settled(page: Page): Promise<Awaited<ReturnType<typeof pageView>>> {
  let last = '';
  // The controls follow the composer on animation frames: read until two reads agree.
  await expect
    .poll(async () => {
      const now = JSON.stringify(await pageView(page));
      const same = now === last;
      last = now;
      return same;
    })
    .toBe(true);
  return JSON.parse(last);
}

describe('what a page sees of the controls does not depend on the switches', () => {
  it('learn on/auto, on/manual, off/auto and a chat not remembered look the same to the page', async () => {
    const views: Record<string, unknown> = {};
    for (const [name, learn, inject] of [
      ['learn on, auto', true, 'auto'],
      ['learn on, manual', true, 'manual'],
      ['learn off, auto', false, 'auto'],
    ] as const) {
      await setSwitches(learn, inject);
      const page = await openChat();
      await expect.poll(() => page.evaluate(() => !!document.querySelector('claude-mem-controls'))).toBe(true);
      views[name] = await settled(page);
      await page.close();
    }
    await setSwitches(true, 'auto');
    const page = await openChat();
    const controls = await pageControls(page, ext.extensionId);
    await expect.poll(async () => (await controls.state()).remember !== null, { timeout: 10_000 }).toBe(true);
    await controls.click('remember');
    await expect.poll(async () => (await controls.state()).remembering).toBe(false);
    views['not remembered'] = await settled(page);
    await controls.detach();
    await page.close();
    console.log(`[controls seen by the page] ${JSON.stringify(views)}`);
    expect((views['learn on, auto'] as { hit: unknown }).hit).not.toBeNull();
    const first = JSON.stringify(views['learn on, auto']);
    for (const v of Object.values(views)) expect(JSON.stringify(v)).toBe(first);
  });
});

/** Page CSS or markup aimed at the switch; each is added by the page's own script. */
const ATTACKS: Record<string, string> = {
  'host made transparent': `
    const s = document.createElement('style');
    s.className = 'attack';
    s.textContent = 'claude-mem-controls { opacity: 0 !important; }';
    document.head.append(s);`,
  'decoy on top letting clicks through': `
    const d = document.createElement('div');
    d.className = 'attack';
    d.textContent = 'Accept cookies';
    d.style.cssText = 'position:fixed;inset:0;z-index:2147483647;pointer-events:none;background:#fff;opacity:.98;font:20px sans-serif';
    document.body.append(d);`,
  'host moved by a transform': `
    const s = document.createElement('style');
    s.className = 'attack';
    s.textContent = 'claude-mem-controls { transform: translate(0px, 0px) scale(1.0001) !important; filter: opacity(0.01) !important; }';
    document.head.append(s);`,
};

describe("a page hiding or covering the switch does not get the user's click on it", () => {
  for (const [name, script] of Object.entries(ATTACKS)) {
    it(name, async () => {
      await setSwitches(true, 'auto');
      const page = await openChat();
      const controls = await pageControls(page, ext.extensionId);
      await expect.poll(async () => (await controls.state()).remember !== null, { timeout: 10_000 }).toBe(true);
      await expect.poll(async () => (await controls.state()).reported.remember).toBe(true);
      await page.evaluate(script);
      // Chromium's visibility tracking reports at most every 100 ms (IntersectionObserver v2's
      // minimum delay): a click before its report would be judged on the page as it was.
      await expect.poll(async () => (await controls.state()).reported.remember).toBe(false);
      await controls.clickAsIs('remember');
      // Then the page is restored and the user clicks again: if the covered click had acted,
      // this one would turn the switch back, so ending "not remembered" proves it did not.
      await page.evaluate(() => {
        for (const el of document.querySelectorAll('.attack')) el.remove();
      });
      await controls.click('remember');
      await expect.poll(async () => (await controls.state()).remembering).toBe(false);
      const excluded = (await readStore<{ state: string }>(panel, 'chats')).filter((c) => c.state === 'excluded');
      console.log(`[decoy ${name}] covered click ignored, the uncovered click acted; ${excluded.length} chat excluded`);
      await controls.detach();
      await page.close();
    });
  }
});
