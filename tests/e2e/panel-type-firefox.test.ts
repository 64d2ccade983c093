/**
 * The panel's type in the Firefox sidebar page (opened as a tab, as the other Firefox tests do):
 * after the first-run card's sample import, body, memory and hint text are at least 13 px with a
 * line height of at least 1.4, in a font list that has the Chinese fonts; nothing drawn is below
 * 12 px.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type FirefoxExtension, launchFirefox, poll } from './harness/firefox';
import { expectReadableType, MEASURE_TYPE, type TypeMeasure } from './harness/type-scale';

describe('the panel type scale (Firefox)', () => {
  let ff: FirefoxExtension;
  beforeAll(async () => {
    ff = await launchFirefox();
  });
  afterAll(async () => {
    await ff?.close();
  });

  it('reads at 13 px or more', async () => {
    const page = await ff.openExtensionPage('sidepanel.html');
    await page.setViewport({ width: 360, height: 760 });
    await poll(
      () =>
        page.evaluate(() => {
          const button = [...document.querySelectorAll('button')].find(
            (b) => b.textContent?.trim() === 'Try the sample memories',
          );
          button?.click();
          return !!button;
        }),
      (clicked) => clicked,
      20_000,
    );
    await poll(
      () => page.evaluate(() => document.querySelectorAll('.memory-content').length),
      (n) => n > 0,
      20_000,
    );
    await page.evaluate(() => document.querySelector<HTMLElement>('#view-memories .action-menu summary')?.click());
    expectReadableType((await page.evaluate(MEASURE_TYPE)) as TypeMeasure, 'firefox en');
  });
});
