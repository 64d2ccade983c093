/**
 * The panel's type in Chromium, where an extension page gets a default style of its own (body
 * text at 75 % in the browser's font): after the first-run card's sample import, body, memory
 * and hint text are at least 13 px with a line height of at least 1.4, in a font list that has
 * the Chinese fonts, in English and Chinese; nothing drawn is below 12 px.
 */
import { describe, it } from 'vitest';
import { launchChromium } from './harness/chromium';
import { openMoreActions, openPanel, setLanguage } from './harness/panel';
import { expectReadableType, MEASURE_TYPE, type TypeMeasure } from './harness/type-scale';

describe('the panel type scale (Chromium)', () => {
  it('reads at 13 px or more in English and Chinese', async () => {
    const ext = await launchChromium();
    try {
      const panel = await openPanel(ext);
      await panel.getByRole('button', { name: 'Try the sample memories' }).click();
      await panel.locator('.memory-content').first().waitFor();
      await openMoreActions(panel);
      expectReadableType(await panel.evaluate<TypeMeasure>(MEASURE_TYPE), 'en');
      await panel.keyboard.press('Escape');
      await setLanguage(panel, 'zh');
      await panel.getByRole('tab', { name: '记忆' }).click();
      await panel.locator('.memory-content').first().waitFor();
      await openMoreActions(panel);
      expectReadableType(await panel.evaluate<TypeMeasure>(MEASURE_TYPE), 'zh');
    } finally {
      await ext.close();
    }
  });
});
