/**
 * An axe-core audit of every side-panel view, dialogs and open editors included, in English
 * and Chinese, light and dark. Fails on any serious or critical violation; prints every
 * violation found (moderate and minor too) so the figures can be compared over time.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AxeViolation, audit, describeViolations } from './harness/axe';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import {
  eachView,
  FIRST_TAB,
  loadSampleStore,
  memoriesAction,
  openPanel,
  routeChatSite,
  setLanguage,
} from './harness/panel';

type State = { name: string; open: (panel: Page) => Promise<void>; close?: (panel: Page) => Promise<void> };

/** Views in their working states: each is opened, audited, then closed again. */
const STATES: readonly State[] = [
  {
    name: 'memories-editing',
    open: async (panel) => {
      await panel.getByRole('tab', { name: FIRST_TAB }).click();
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
    },
    close: async (panel) => {
      const rows = panel.getByRole('list', { name: /^(Memories|记忆)$/ }).getByRole('listitem');
      await rows
        .nth(0)
        .getByRole('button', { name: /^(Cancel|取消)$/ })
        .click();
      await rows
        .nth(1)
        .getByRole('button', { name: /^(Details|详情)$/ })
        .click();
      await panel.getByRole('button', { name: /Clear selection|取消选择/ }).click();
    },
  },
  {
    name: 'memories-add',
    open: async (panel) => {
      await panel
        .getByRole('button', { name: /Add a memory|添加记忆/ })
        .first()
        .click();
    },
    close: async (panel) => {
      await panel
        .getByRole('form', { name: /Add a memory|添加记忆/ })
        .getByRole('button', { name: /^(Cancel|取消)$/ })
        .click();
    },
  },
  {
    name: 'bring-in-preview',
    open: async (panel) => {
      await panel.getByRole('tab', { name: FIRST_TAB }).click();
      await memoriesAction(panel, /^(Bring in memories|导入外部记忆)$/);
      const dialog = panel.getByRole('region', { name: /^(Bring in memories|导入外部记忆)$/ });
      await dialog
        .getByLabel(/^(Paste text|粘贴文本)$/)
        .fill('- Prefers tea over coffee\n- 住在成都\n- My card is 4111 1111 1111 1111');
      await dialog.getByRole('button', { name: /^(Read|读取)$/ }).click();
      await dialog.getByText(/left out by the privacy filter|会被隐私过滤器排除/).waitFor();
    },
    close: async (panel) => {
      await panel.getByRole('button', { name: /^(Close|关闭)$/ }).click();
    },
  },
  {
    name: 'memories-filters',
    open: async (panel) => {
      await panel.getByRole('button', { name: /^(Filters|筛选)/ }).click();
    },
    close: async (panel) => {
      await panel.getByRole('button', { name: /^(Filters|筛选)/ }).click();
    },
  },
  {
    name: 'spaces-manager',
    open: async (panel) => {
      await panel.getByRole('tab', { name: FIRST_TAB }).click();
      await memoriesAction(panel, /^(Manage spaces|管理空间)$/);
      // With no space yet, the manager opens on the new space's form.
      await panel
        .locator('#space-manager')
        .getByRole('form', { name: /^(New space|新建空间)$/ })
        .waitFor();
    },
    close: async (panel) => {
      const manager = panel.locator('#space-manager');
      await manager.getByRole('button', { name: /^(Cancel|取消)$/ }).click();
      await manager.getByRole('button', { name: /^(Done|完成)$/ }).click();
    },
  },
];

async function auditAll(panel: Page, lang: 'en' | 'zh', scheme: 'light' | 'dark'): Promise<AxeViolation[][]> {
  const found: [string, AxeViolation[]][] = [];
  await eachView(panel, async (id) => {
    found.push([`${id}-${lang}-${scheme}`, await audit(panel)]);
  });
  for (const state of STATES) {
    await state.open(panel);
    found.push([`${state.name}-${lang}-${scheme}`, await audit(panel)]);
    await state.close?.(panel);
  }
  for (const [where, violations] of found) for (const line of describeViolations(where, violations)) console.log(line);
  return found.map(([, v]) => v);
}

describe('side panel accessibility (axe-core, Chromium)', () => {
  let ext: ExtensionBrowser;
  beforeAll(async () => {
    ext = await launchChromium();
    await routeChatSite(ext.context);
  });
  afterAll(async () => {
    await ext?.close();
  });

  it('has no serious or critical violation in any view, in English and Chinese, light and dark', async () => {
    const chat = await ext.context.newPage();
    await chat.goto('https://chatgpt.com/c/demo');
    const panel = await openPanel(ext);
    // This tab follows the tab used last before the panel: the chat page.
    await chat.bringToFront();
    await panel.bringToFront();
    const empty = await audit(panel);
    await loadSampleStore(panel);
    const all: AxeViolation[] = [...empty];
    for (const lang of ['en', 'zh'] as const) {
      await setLanguage(panel, lang);
      for (const scheme of ['light', 'dark'] as const) {
        await panel.emulateMedia({ colorScheme: scheme });
        for (const v of await auditAll(panel, lang, scheme)) all.push(...v);
      }
    }
    const count = (impact: AxeViolation['impact']) =>
      all.filter((v) => v.impact === impact).reduce((n, v) => n + v.nodes.length, 0);
    console.log(
      `axe: serious ${count('serious')} nodes, critical ${count('critical')}, moderate ${count('moderate')}, minor ${count('minor')}`,
    );
    const blocking = all.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(describeViolations('panel', blocking)).toEqual([]);
  });
});
