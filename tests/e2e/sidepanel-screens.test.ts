/**
 * Every view at the side panel's real width (360 px), in English and Chinese, light and dark,
 * saved under tests/e2e/screenshots/ (generated, not committed) to be looked at.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { eachView, loadSampleStore, openPanel, routeChatSite, setLanguage, shot } from './harness/panel';

/** Memories mid-work: one row being edited, one with details open, two selected for bulk. */
async function shootWorkingStates(panel: Page, lang: 'en' | 'zh'): Promise<void> {
  await panel.getByRole('tab', { name: /^(Memories|记忆)$/ }).click();
  const rows = panel.getByRole('list', { name: /^(Memories|记忆)$/ }).getByRole('listitem');
  await rows
    .nth(0)
    .getByRole('button', { name: /^(Edit|编辑)$/ })
    .click();
  await rows
    .nth(1)
    .getByRole('button', { name: /^(Details|详情)$/ })
    .click();
  await rows.nth(2).getByRole('checkbox').check();
  await rows.nth(3).getByRole('checkbox').check();
  await shot(panel, `memories-working-${lang}`);
  await rows
    .nth(0)
    .getByRole('button', { name: /^(Cancel|取消)$/ })
    .click();
  await rows
    .nth(1)
    .getByRole('button', { name: /^(Details|详情)$/ })
    .click();
  await panel.getByRole('button', { name: /Clear selection|取消选择/ }).click();
  await panel
    .getByRole('button', { name: /Add a memory|添加记忆/ })
    .first()
    .click();
  await shot(panel, `memories-add-${lang}`);
  await panel
    .getByRole('form', { name: /Add a memory|添加记忆/ })
    .getByRole('button', { name: /^(Cancel|取消)$/ })
    .click();
}

describe('side panel screenshots (Chromium, 360 px)', () => {
  let ext: ExtensionBrowser;
  beforeAll(async () => {
    ext = await launchChromium();
    await routeChatSite(ext.context);
  });
  afterAll(async () => {
    await ext?.close();
  });

  it('shows the empty state to a new user', async () => {
    const panel = await openPanel(ext);
    await panel.getByText('No memories yet').waitFor();
    await shot(panel, 'empty-en');
    await setLanguage(panel, 'zh');
    await panel.getByRole('tab', { name: '记忆' }).click();
    await panel.getByText('还没有记忆').waitFor();
    await shot(panel, 'empty-zh');
    await setLanguage(panel, 'en');
    await panel.close();
  });

  it('opens every view and saves it in both languages and both colour schemes', async () => {
    const chat = await ext.context.newPage();
    await chat.goto('https://chatgpt.com/');
    const panel = await openPanel(ext);
    await loadSampleStore(panel);
    for (const lang of ['en', 'zh'] as const) {
      await setLanguage(panel, lang);
      for (const scheme of ['light', 'dark'] as const) {
        await panel.emulateMedia({ colorScheme: scheme });
        await eachView(panel, (id) => shot(panel, `${id}-${lang}${scheme === 'dark' ? '-dark' : ''}`));
        if (scheme === 'light') await shootWorkingStates(panel, lang);
      }
    }
    await panel.emulateMedia({ colorScheme: 'light' });
    await setLanguage(panel, 'en');
  });
});
