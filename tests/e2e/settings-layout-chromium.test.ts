/**
 * Settings at the side panel's real width (360 × 760), in English and Chinese: as it opens it
 * is at most three screens tall, every section is one click from the row above it (each one
 * pictured and audited with axe-core), and a message stays with what it describes: a sync error sits right under the
 * button that caused it, and a connection result goes when the provider changes.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { audit, describeViolations } from './harness/axe';
import { openSettings, openSiteRow, type SettingsSection, setLanguage, shot, withPanel } from './harness/panel';

const SCREEN = 760;
const SECTIONS: readonly SettingsSection[] = ['connection', 'sites', 'capture', 'language', 'data', 'sync', 'desktop'];

const pageHeight = (panel: Page) => panel.evaluate(() => document.documentElement.scrollHeight);

describe('Settings at 360 px (Chromium)', () => {
  let panel: Page;
  withPanel((p) => {
    panel = p;
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`opens at most three screens tall, each section one click away (${lang})`, async () => {
      await setLanguage(panel, lang);
      // As it opens in a fresh panel: the section row and the first section.
      await panel.reload();
      await panel.getByRole('tab', { name: /^(Settings|设置)$/ }).click();
      await panel.locator('.settings-nav [aria-current="true"]').waitFor();
      // The connection section is whole once the notice before a first cloud call is in.
      await panel.locator('#view-settings .provider-disclosure').waitFor();
      const opened = await pageHeight(panel);
      const heights: Record<string, number> = {};
      const blocking: string[] = [];
      for (const section of SECTIONS) {
        await openSettings(panel, section);
        heights[section] = await pageHeight(panel);
        await shot(panel, `settings-${section}-${lang}`);
        if (section === 'sites') {
          await openSiteRow(panel, 'Claude');
          await shot(panel, `settings-sites-open-${lang}`);
        }
        const violations = await audit(panel);
        blocking.push(
          ...describeViolations(
            `settings ${section} ${lang}`,
            violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
          ),
        );
      }
      console.info(`[settings ${lang}] as it opens ${opened} px; by section ${JSON.stringify(heights)}`);
      expect(opened).toBeLessThanOrEqual(3 * SCREEN);
      expect(blocking).toEqual([]);
      await setLanguage(panel, 'en');
    });
  }

  it('puts a sync error right under the button that caused it, and drops it when the form changes', async () => {
    await openSettings(panel, 'sync');
    await panel.getByLabel('Server address', { exact: true }).fill('http://sync.example.org/claude-mem');
    await panel.getByLabel('Sync passphrase', { exact: true }).fill('correct horse battery');
    await panel.getByLabel('Sync passphrase again', { exact: true }).fill('correct horse battery');
    await panel.getByLabel('Device name', { exact: true }).fill('Laptop');
    const turnOn = panel.getByRole('button', { name: 'Turn on', exact: true });
    await turnOn.click();
    const alert = panel.locator('#view-settings').getByRole('alert');
    await alert.waitFor();
    const button = await turnOn.boundingBox();
    const box = await alert.boundingBox();
    console.info(
      `[settings sync error] "${await alert.textContent()}" ${(box?.y ?? 0) - ((button?.y ?? 0) + (button?.height ?? 0))} px under Turn on`,
    );
    expect(box && button).toBeTruthy();
    const gap = (box?.y ?? 0) - ((button?.y ?? 0) + (button?.height ?? 0));
    expect(gap).toBeGreaterThanOrEqual(0);
    expect(gap).toBeLessThanOrEqual(24);
    expect(await alert.evaluate((el) => el.classList.contains('error'))).toBe(true);
    await shot(panel, 'settings-sync-error-en');
    await panel.getByLabel('Server address', { exact: true }).fill('https://sync.example.org/claude-mem');
    await expect.poll(() => alert.count()).toBe(0);
  });

  it('says one thing when nothing was sent, and drops a connection result when the provider changes', async () => {
    await openSettings(panel, 'connection');
    await panel.getByLabel('API key').fill('sk-ant-test-not-sent');
    await panel.getByRole('button', { name: 'Test connection' }).click();
    const alert = panel
      .locator('#view-settings')
      .getByRole('alert')
      .filter({ hasText: /^Nothing was sent/ });
    await alert.waitFor();
    expect(await alert.textContent()).not.toContain('Connection error');
    expect(await alert.locator('p').count()).toBe(1);
    await panel.getByLabel('Provider').selectOption('deepseek');
    await expect.poll(() => alert.count()).toBe(0);
    await panel.getByRole('button', { name: 'Discard changes' }).click();
  });
});
