/** The same foundation path in real Firefox ESR (puppeteer-core over WebDriver BiDi). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ElementHandle } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FirefoxExtension, launchFirefox, poll } from './harness/firefox';
import { sampleMemoryFile } from './harness/memory-files';
import { freshDir } from './harness/paths';

describe('import and export through the side panel (Firefox)', () => {
  let ff: FirefoxExtension;
  beforeAll(async () => {
    ff = await launchFirefox();
  });
  afterAll(async () => {
    await ff?.close();
  });

  it('imports a memory file, lists it, and exports the same memories', async () => {
    const source = sampleMemoryFile();
    const file = join(freshDir('ff-transfer'), 'memories.json');
    writeFileSync(file, JSON.stringify(source));

    const page = await ff.openExtensionPage('sidepanel.html');
    await poll(
      () => page.evaluate(() => document.body.textContent ?? ''),
      (t) => t.includes('No memories yet'),
      20_000,
    );
    const input = (await page.$('input[type=file]')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(file);
    await poll(
      () => page.evaluate(() => document.querySelectorAll('ul[aria-label="Memories"] > li').length),
      (n) => n === 3,
      20_000,
    );
    const status = await page.evaluate(() => document.querySelector('[role=status]')?.textContent ?? '');
    expect(status).toContain('3 added, 0 updated, 0 skipped');

    // Capture the exported Blob as the download link is made; Firefox headless has no download UI.
    await page.evaluate(() => {
      const original = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (blob: Blob | MediaSource) => {
        (window as unknown as { lastExport: Blob }).lastExport = blob as Blob;
        return original(blob);
      };
    });
    await page.evaluate(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Export memories');
      button?.click();
    });
    const text = await poll(
      () => page.evaluate(() => (window as unknown as { lastExport?: Blob }).lastExport?.text() ?? ''),
      (t) => t.length > 0,
      20_000,
    );
    const exported = JSON.parse(text);
    expect(JSON.stringify(exported.memories)).toBe(JSON.stringify(source.memories));
  });
});
