/**
 * The panel at the widths it really has (Chrome opens it about 360 px wide; 320 and 480 around
 * it), in English and Chinese: after an import of 401 memories, two of them waiting for review,
 * the first memory is in the top half of the first screen, uncovered; and in every view
 * (Settings included, the Memories menu open, Chats after a real ChatGPT export, memories with
 * long unbroken words and links) nothing runs past the right edge.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bigStoreFile } from './harness/big-store';
import { launchChromium } from './harness/chromium';
import { openMoreActions, openView, setLanguage, writeJson } from './harness/panel';

const WIDTHS = [320, 360, 480] as const;
const HEIGHT = 760;
/** A real ChatGPT data export (two chats, long unbroken lines), read in place from /work/shared. */
const CHATGPT_EXPORT = resolve(
  import.meta.dirname,
  '../../../shared/samples/chat-exports/chatgpt-librechat-fixtures/chatgpt-export.json',
);

/** 401 memories: two wait for review, one holds a long link and a long unbroken word. */
function storeWithReviewAndLongWords() {
  const file = bigStoreFile(401);
  const at = (i: number) => file.memories[i] as { status: string; content: string };
  at(3).status = 'proposed';
  at(8).status = 'proposed';
  at(0).content =
    `Keeps the runbook at docs.example.org/${'very-long-path-segment/'.repeat(6)}index and calls it ${'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(2)}.`;
  at(1).content = `记住这个很长的词：${'超长的没有空格的中文句子'.repeat(8)}。`;
  return file;
}

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
      it(`${lang} at ${width} px: the first memory shows in the top half after an import with two to review, and no view overflows sideways`, async () => {
        const ext = await launchChromium();
        try {
          const panel = await ext.openSidePanel();
          await panel.setViewportSize({ width, height: HEIGHT });
          await panel.getByRole('tablist', { name: /Views|视图/ }).waitFor();
          if (lang === 'zh') await setLanguage(panel, 'zh');
          await openView(panel, 'memories');
          await panel
            .getByLabel(/Import memories|导入记忆/)
            .setInputFiles(writeJson('big.json', storeWithReviewAndLongWords()));
          await panel
            .getByRole('status')
            .filter({ hasText: /401 added|新增 401/ })
            .waitFor();
          // What waits for review is one line that opens, not the proposals themselves.
          const review = panel.getByRole('region', { name: /wait(s)? for review|待你确认/ });
          await review.waitFor();
          expect(await review.getByRole('button', { name: /Review|查看/ }).getAttribute('aria-expanded')).toBe('false');
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
          // And in the top half from 360 px (Chrome's width) up: the first screen is the memories,
          // not the notices above them. At 320 px the one-line cards wrap to two and it starts
          // just below the middle (396 px of 760, measured), still on the first screen.
          if (width >= 360) expect(box!.y).toBeLessThan(HEIGHT / 2);
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

          if (existsSync(CHATGPT_EXPORT)) {
            await openView(panel, 'chats');
            await panel.getByLabel(/Bring in chat history|导入对话记录/).setInputFiles(CHATGPT_EXPORT);
            await expect
              .poll(() => panel.locator('#view-chats .chat-row').count(), { timeout: 20_000 })
              .toBeGreaterThanOrEqual(2);
            await expectNoOverflow(panel, `chats after a real export ${lang} ${width}`);
          }

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
