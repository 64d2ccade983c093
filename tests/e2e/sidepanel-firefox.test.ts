/**
 * The Firefox sidebar is the same panel page: in real Firefox ESR, every view opens, Chinese
 * search works, and the Memories and Insights views are saved as 360 px screenshots.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ElementHandle } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FirefoxExtension, launchFirefox, openViewIn, poll } from './harness/firefox';
import { writeJson } from './harness/panel';
import { SCREENSHOTS } from './harness/paths';
import { sampleStore } from './harness/sample-store';

const VIEWS = ['memories', 'tab', 'queue', 'activity', 'insights', 'settings'];

describe('the side panel in the Firefox sidebar page', () => {
  let ff: FirefoxExtension;
  beforeAll(async () => {
    // Run alone (a fresh checkout), no earlier test has made the screenshots folder.
    mkdirSync(SCREENSHOTS, { recursive: true });
    ff = await launchFirefox();
  });
  afterAll(async () => {
    await ff?.close();
  });

  it('opens every view, searches in Chinese, and draws the growth chart', async () => {
    const page = await ff.openExtensionPage('sidepanel.html');
    await page.setViewport({ width: 360, height: 900 });
    await poll(
      () => page.evaluate(() => document.body.textContent ?? ''),
      (t) => t.includes('No memories yet'),
      20_000,
    );
    const input = (await page.$('input[type=file]')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(writeJson('ff-store.json', sampleStore().file));
    await poll(
      () => page.evaluate(() => document.querySelector('.result-count')?.textContent ?? ''),
      (t) => t.includes('16 memories'), // 17 records, one an older version
      20_000,
    );
    await page.type('input[type=search]', '成都预算');
    await poll(
      () => page.evaluate(() => document.querySelectorAll('ul[aria-label="Memories"] > li').length),
      (n) => n === 1,
      10_000,
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'firefox-memories-en.png') });
    for (const id of VIEWS) await openViewIn(page, id);
    await openViewIn(page, 'insights');
    // The growth chart is drawn; with no injection yet, the hits chart gives way to a sentence.
    await poll(
      () => page.evaluate(() => document.querySelectorAll('#view-insights canvas').length),
      (n) => n === 1,
      10_000,
    );
    expect(await page.evaluate(() => document.getElementById('view-insights')?.textContent)).toContain(
      'no memory has gone into a message yet',
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'firefox-insights-en.png') });
  });
});
