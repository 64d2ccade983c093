/**
 * Chat-site fixtures for end-to-end tests: builds each fixture's script with esbuild and
 * serves the fixture on the site's real URL through `context.route`, aborting every other
 * request (TOOLCHAIN.md). The content script injects into these pages as on the real sites.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import { ADAPTERS, adapterForUrl } from '../../../lib/adapters';
import { marksIn, stripInjectedBlocks } from '../../../lib/ranking/render';
import { SITE_MATCHES, type SiteId } from '../../../lib/sites/ids';
import { type ExtensionBrowser, launchChromium } from './chromium';
import { ROOT } from './paths';

export const FIXTURES = join(ROOT, 'tests/fixtures/sites');
export const BUILT = join(ROOT, 'tests/fixtures/.built');
const SCRIPT_PATH = '/__fixture__/app.js';

export async function buildFixtures(ids: readonly SiteId[]): Promise<void> {
  await build({
    entryPoints: Object.fromEntries(ids.map((id) => [id, join(FIXTURES, id, 'app.ts')])),
    outdir: BUILT,
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
}

/** The first host the site's match patterns name, as a new-chat URL. */
export function homeUrl(id: SiteId): string {
  const host = SITE_MATCHES[id][0]!.replace(/^https:\/\//, '').split('/')[0];
  return `https://${host}/`;
}

export async function serveFixtures(context: BrowserContext): Promise<void> {
  await context.route('**/*', (route) => fulfil(route));
}

/** What to answer for a request on a fixture site: a file, or null to refuse it. */
export function fixtureResponse(url: URL, isDocument: boolean): { contentType: string; body: string } | null {
  const site = adapterForUrl(url)?.id;
  if (!site) return null;
  if (url.pathname === SCRIPT_PATH) {
    const file = join(BUILT, `${site}.js`);
    return existsSync(file) ? { contentType: 'text/javascript', body: readFileSync(file, 'utf8') } : null;
  }
  if (!isDocument) return null;
  // `?hl=zh-CN` (Gemini's own UI-language parameter) serves the site's Chinese-UI page.
  const zh = join(FIXTURES, site, 'index.zh.html');
  const file = url.searchParams.get('hl')?.startsWith('zh') && existsSync(zh) ? zh : join(FIXTURES, site, 'index.html');
  return { contentType: 'text/html; charset=utf-8', body: readFileSync(file, 'utf8') };
}

async function fulfil(route: Route): Promise<void> {
  const request = route.request();
  const url = new URL(request.url());
  // The extension's own pages load their files normally; the network is the sites' fixtures only.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return route.continue();
  const response = fixtureResponse(url, request.resourceType() === 'document');
  return response ? route.fulfill(response) : route.abort();
}

export interface Sent {
  text: string;
  at: number;
  via: 'key' | 'click';
}

export function sentMessages(page: Page): Promise<Sent[]> {
  return page.evaluate(() => window.__sent ?? []);
}

export function generating(page: Page): Promise<boolean> {
  return page.evaluate(() => window.__fixture?.generating ?? false);
}

/** Chromium with the extension, these sites' fixtures served on their real URLs, and the side panel open. */
export async function openOnSites(ids: readonly SiteId[]): Promise<{ ext: ExtensionBrowser; panel: Page }> {
  await buildFixtures(ids);
  const ext = await launchChromium();
  await serveFixtures(ext.context);
  return { ext, panel: await ext.openSidePanel() };
}

/**
 * Types `draft` into a new ChatGPT chat and sends it with Enter, checks the draft went out
 * whole after our block, and returns what went out before the draft (the block, or '').
 */
export async function chatgptBlockFor(ext: ExtensionBrowser, draft: string): Promise<string> {
  const page = await ext.context.newPage();
  await page.goto(homeUrl('chatgpt'));
  await page.waitForSelector('claude-mem-controls', { state: 'attached', timeout: 20_000 });
  await page.click(ADAPTERS.find((a) => a.id === 'chatgpt')!.selectors.composer.join(', '));
  await page.keyboard.type(draft);
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await sentMessages(page)).length, { timeout: 15_000 }).toBe(1);
  const [sent] = await sentMessages(page);
  expect(stripInjectedBlocks(sent!.text, marksIn(sent!.text))).toBe(draft);
  await page.close();
  return sent!.text.slice(0, sent!.text.lastIndexOf(draft));
}
