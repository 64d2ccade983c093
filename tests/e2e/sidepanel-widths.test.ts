/**
 * The panel at the widths it really has (Chrome opens it about 360 px wide; 320 and 480 around
 * it), in English and Chinese: after an import of 401 memories the first memory is on the first
 * screen, uncovered; and in every view (Settings included, and with the Memories menu open)
 * nothing runs past the right edge.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bigStoreFile } from './harness/big-store';
import { launchChromium } from './harness/chromium';
import { openMoreActions, openView, setLanguage, writeJson } from './harness/panel';

const WIDTHS = [320, 360, 480] as const;
const HEIGHT = 800;

/** Whatever runs past the viewport's right edge: the page scrolling sideways, or any drawn element. */
function overflow(panel: Page): Promise<{ scrollWidth: number; clientWidth: number; past: string[] }> {
  return panel.evaluate(() => {
    const root = document.scrollingElement as Element;
    const edge = root.clientWidth;
    const past = [...document.querySelectorAll('body *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        // Visually hidden text (1 px, clipped) is not drawn.
        return r.width > 1 && r.height > 1 && r.right > edge + 0.5;
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').slice(0, 30)}" right=${Math.round(el.getBoundingClientRect().right)}`,
      );
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, past };
  });
}

async function expectNoOverflow(panel: Page, where: string): Promise<void> {
  const o = await overflow(panel);
  expect(o.past, where).toEqual([]);
  expect(o.scrollWidth, where).toBeLessThanOrEqual(o.clientWidth);
}

/** The views' ids as the panel lists them, a group's views in its place. */
function viewIds(panel: Page): Promise<string[]> {
  return panel
    .locator('.tab-nav:not(.sub-nav) [role="tab"]')
    .evaluateAll((tabs) =>
      tabs.flatMap((tab) => (tab.getAttribute('data-views') ?? tab.getAttribute('data-tab') ?? '').split(' ')),
    );
}

describe('side panel at 320, 360 and 480 px (Chromium)', () => {
  for (const lang of ['en', 'zh'] as const)
    for (const width of WIDTHS)
      it(`${lang} at ${width} px: the first memory shows after an import, and no view overflows sideways`, async () => {
        const ext = await launchChromium();
        try {
          const panel = await ext.openSidePanel();
          await panel.setViewportSize({ width, height: HEIGHT });
          await panel.getByRole('tablist', { name: /Views|视图/ }).waitFor();
          if (lang === 'zh') await setLanguage(panel, 'zh');
          await openView(panel, 'memories');
          await panel.getByLabel(/Import memories|导入记忆/).setInputFiles(writeJson('big.json', bigStoreFile(401)));
          await panel
            .getByRole('status')
            .filter({ hasText: /401 added|新增 401/ })
            .waitFor();
          const row = panel
            .getByRole('list', { name: /^(Memories|记忆)$/ })
            .getByRole('listitem')
            .first();
          await row.waitFor();
          // On the first screen without scrolling, and nothing drawn over it.
          expect(await panel.evaluate(() => scrollY)).toBe(0);
          const box = await row.boundingBox();
          expect(box).not.toBeNull();
          expect(box!.y + box!.height).toBeLessThanOrEqual(HEIGHT);
          // And in the top half: the first screen is the memories, not the notices above them.
          expect(box!.y).toBeLessThan(HEIGHT / 2);
          const covered = await row.evaluate((li) => {
            const r = li.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(12, r.height / 2));
            return hit !== null && !li.contains(hit);
          });
          expect(covered).toBe(false);
          console.info(
            `[widths] ${lang} ${width}px: first memory row at ${Math.round(box!.y)}–${Math.round(box!.y + box!.height)} px of ${HEIGHT}`,
          );
          await expectNoOverflow(panel, `memories ${lang} ${width}`);
          await openMoreActions(panel);
          await expectNoOverflow(panel, `memories menu ${lang} ${width}`);
          await panel.keyboard.press('Escape');

          for (const id of await viewIds(panel)) {
            await openView(panel, id);
            await expect.poll(() => panel.getByText(/^(Loading…|加载中…)$/).count()).toBe(0);
            await expectNoOverflow(panel, `${id} ${lang} ${width}`);
          }
        } finally {
          await ext.close();
        }
      });
});
