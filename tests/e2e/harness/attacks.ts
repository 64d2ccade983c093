/**
 * Hostile page scripts (tests/fixtures/attacks/) served as part of a fixture page: the page's
 * HTML gets one more `<script>` after its own, so the attack runs in the page's main world
 * exactly as the site's own code would. The fixture files are not changed. Also a plain
 * Chromium without the extension, to see what the same page gets when the extension is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { type BrowserContext, chromium, type Page, type Route } from 'playwright-core';
import { CHROMIUM_BIN, freshDir, ROOT } from './paths';
import { BUILT, fixtureResponse } from './sites';

const ATTACKS = join(ROOT, 'tests/fixtures/attacks');
const ATTACK_PATH = '/__attack__/';

export async function buildAttacks(names: readonly string[]): Promise<void> {
  await build({
    entryPoints: Object.fromEntries(names.map((n) => [`attack-${n}`, join(ATTACKS, `${n}.ts`)])),
    outdir: BUILT,
    bundle: true,
    format: 'iife',
    target: 'es2022',
    logLevel: 'warning',
  });
}

/** Serves the fixture sites with `attack`'s script added to every page. */
export async function serveWithAttack(context: BrowserContext, attack: string): Promise<void> {
  await context.route('**/*', (route) => fulfil(route, attack));
}

async function fulfil(route: Route, attack: string): Promise<void> {
  const request = route.request();
  const url = new URL(request.url());
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return route.continue();
  if (url.pathname === `${ATTACK_PATH}${attack}.js`) {
    const file = join(BUILT, `attack-${attack}.js`);
    if (!existsSync(file)) return route.abort();
    return route.fulfill({ contentType: 'text/javascript', body: readFileSync(file, 'utf8') });
  }
  const response = fixtureResponse(url, request.resourceType() === 'document');
  if (!response) return route.abort();
  if (!response.contentType.startsWith('text/html')) return route.fulfill(response);
  const tag = `<script src="${ATTACK_PATH}${attack}.js"></script>`;
  const body = response.body.includes('</body>')
    ? response.body.replace('</body>', `${tag}</body>`)
    : response.body + tag;
  return route.fulfill({ ...response, body });
}

export interface PlainBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** The same Chromium with no extension at all: what a page gets when claude-mem is absent. */
export async function launchPlainChromium(): Promise<PlainBrowser> {
  const context = await chromium.launchPersistentContext(freshDir('plain'), {
    executablePath: CHROMIUM_BIN,
    headless: false,
    viewport: { width: 1000, height: 800 },
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  return { context, close: () => context.close() };
}

/** Asks the page's own attack script to run one step and returns what the page observed. */
export function runAttack<T>(page: Page, ...args: unknown[]): Promise<T> {
  return page.evaluate(
    (a) => (window as unknown as { __attack: { run(...x: unknown[]): Promise<T> } }).__attack.run(...a),
    args,
  );
}
