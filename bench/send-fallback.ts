/**
 * `npm run bench:send` (needs `npm run build`; run it under /tmp/browser.lock on a shared
 * machine): how long the user's original text takes to go out when the background cannot
 * help, per site and failure (the worker throws, hangs, or is stopped mid-send), measured in
 * the page from the Enter key to the send. The promise is under a second; this prints what
 * it is. SITES=chatgpt,claude limits the sites; ROUNDS=n repeats each case.
 */
import type { Page } from 'playwright-core';
import { ADAPTERS } from '../lib/adapters';
import type { ChatSiteAdapter } from '../lib/adapters/types';
import { launchChromium } from '../tests/e2e/harness/chromium';
import { ask, breakWorker } from '../tests/e2e/harness/extension-calls';
import { sampleMemoryFile } from '../tests/e2e/harness/memory-files';
import { buildFixtures, homeUrl, sentMessages, serveFixtures } from '../tests/e2e/harness/sites';
import { table } from './lib/cli';
import { percentile } from './lib/metrics';

const SITES = ADAPTERS.filter((a) => !process.env.SITES || process.env.SITES.split(',').includes(a.id));
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const HOWS = ['throw', 'hang', 'stopped'] as const;
const DRAFT = 'Which bus goes to the museum from the central station?';

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function oneSend(page: Page, adapter: ChatSiteAdapter): Promise<number> {
  await page.click(adapter.selectors.composer.join(', '));
  await page.keyboard.type(DRAFT);
  const pressedAt = await page.evaluate(() => performance.now());
  await page.keyboard.press('Enter');
  await until(async () => (await sentMessages(page)).length === 1);
  const [sent] = await sentMessages(page);
  return (sent?.at ?? pressedAt) - pressedAt;
}

async function main(): Promise<void> {
  await buildFixtures(SITES.map((a) => a.id));
  const ext = await launchChromium();
  const rows: (string | number)[][] = [];
  try {
    await serveFixtures(ext.context);
    const panel = await ext.openSidePanel();
    await ask(panel, 'transfer.import', { text: JSON.stringify(sampleMemoryFile()) });
    for (const adapter of SITES) {
      for (const how of HOWS) {
        const times: number[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const page = await ext.context.newPage();
          await page.goto(homeUrl(adapter.id));
          await page.waitForSelector('claude-mem-controls[data-mode="auto"]', { state: 'attached' });
          await breakWorker(ext, how === 'throw' ? 'throw' : 'hang');
          const sending = oneSend(page, adapter);
          if (how === 'stopped') await ext.stopServiceWorker();
          times.push(await sending);
          await ext.stopServiceWorker();
          await page.close();
        }
        rows.push([adapter.id, how, times.length, percentile(times, 50), Math.max(...times)]);
      }
    }
  } finally {
    await ext.close();
  }
  console.log(table(['site', 'background', 'sends', 'median ms', 'max ms'], rows));
}

await main();
