/**
 * "Bring in memories" core path in real Firefox ESR (puppeteer-core over WebDriver BiDi): a
 * mem0 export chosen as a file is read in the panel's Worker (Firefox's own), previewed, and
 * committed; the memories appear in the list.
 */
import { join } from 'node:path';
import type { ElementHandle } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FirefoxExtension, launchFirefox, poll } from './harness/firefox';
import { ROOT } from './harness/paths';

const MEM0 = join(ROOT, 'tests/fixtures/bring-in/mem0-get-all.json');

describe('Bring in memories (Firefox)', () => {
  let ff: FirefoxExtension;
  beforeAll(async () => {
    ff = await launchFirefox();
  });
  afterAll(async () => {
    await ff?.close();
  });

  it('reads a mem0 export in the worker, previews it and commits it', async () => {
    const page = await ff.openExtensionPage('sidepanel.html');
    const text = () => page.evaluate(() => document.body.textContent ?? '');
    await poll(text, (t) => t.includes('No memories yet'), 20_000);
    await page.evaluate(() => {
      const open = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Bring in memories');
      open?.click();
    });
    await poll(
      () => page.$('section.bring-in input[type=file]'),
      (el) => el !== null,
      10_000,
    );
    const input = (await page.$('section.bring-in input[type=file]')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(MEM0);
    const found = await poll(
      () => page.evaluate(() => document.querySelector('section.bring-in [role=status]')?.textContent ?? ''),
      (t) => /memor(y|ies) found in the mem0 export/.test(t),
      20_000,
    );
    const n = Number(found.match(/^(\d+)/)?.[1]);
    expect(n).toBeGreaterThan(0);
    const rows = await page.evaluate(() => document.querySelectorAll('ul.bring-list > li').length);
    expect(rows).toBe(n);
    await poll(
      () => page.evaluate(() => document.querySelector('section.bring-in')?.textContent ?? ''),
      (t) => !t.includes('Comparing with your memories'),
      20_000,
    );
    const label = await page.evaluate(() => {
      const commit = [...document.querySelectorAll('section.bring-in button.primary')].find((b) =>
        b.textContent?.startsWith('Bring in '),
      ) as HTMLButtonElement | undefined;
      commit?.click();
      return commit?.textContent ?? '';
    });
    const committed = Number(label.match(/(\d+)/)?.[1]);
    expect(committed).toBeGreaterThan(0);
    await poll(
      () => page.evaluate(() => document.querySelectorAll('ul[aria-label="Memories"] > li').length),
      (count) => count === committed,
      20_000,
    );
    expect(await text()).toContain(`Brought in: ${committed} added`);
  });
});
