/**
 * Spaces in the side panel, end to end in Chromium: create spaces from Memories' menu (a name
 * written as markup stays text), the switcher with counts, move many memories (bulk bar) and
 * one (its editor) with undo, delete a space with its memories and undo it exactly; axe finds
 * nothing serious with the manager open; nothing runs past the edge at 320 px in Chinese.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { audit, describeViolations } from './harness/axe';
import { readStore } from './harness/extension-calls';
import { loadSampleStore, memoriesAction, setLanguage, withPanel } from './harness/panel';

type Row = { id: string; space?: string } & Record<string, unknown>;
const HOSTILE = '<img src=x onerror="window.__pwned=1">';

function item(panel: Page, text: string) {
  return panel.getByRole('list', { name: 'Memories' }).getByRole('listitem').filter({ hasText: text });
}

const switcher = (panel: Page) => panel.locator('.space-switcher select');
const options = (panel: Page) => switcher(panel).locator('option').allTextContents();
const byId = (rows: Row[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));

async function createSpace(panel: Page, name: string, description = ''): Promise<void> {
  const manager = panel.locator('#space-manager');
  const form = manager.getByRole('form', { name: 'New space' });
  // With no space yet the manager opens on this form.
  if ((await form.count()) === 0) await manager.getByRole('button', { name: 'New space' }).click();
  await form.getByLabel('Name').fill(name);
  if (description) await form.getByLabel('Description').fill(description);
  await form.getByRole('button', { name: 'Create space' }).click();
  await form.waitFor({ state: 'detached' });
}

describe('spaces in the side panel (Chromium)', () => {
  let panel: Page;
  withPanel(async (p) => {
    panel = p;
    await loadSampleStore(panel);
  });

  it('creates spaces from the menu; a name written as markup stays text', async () => {
    // No space yet: no switcher, Manage spaces in the menu.
    expect(await switcher(panel).count()).toBe(0);
    await memoriesAction(panel, 'Manage spaces');
    await panel.locator('#space-manager').getByRole('form', { name: 'New space' }).waitFor();
    await createSpace(panel, 'Work', 'Acme, the day job');
    await createSpace(panel, HOSTILE);
    await expect
      .poll(() => options(panel))
      .toEqual(['All spaces (16)', 'Everywhere (16)', `${HOSTILE} (0)`, 'Work (0)']);
    expect(await panel.locator('#view-memories img').count()).toBe(0);
    expect(await panel.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    const axe = (await audit(panel)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(describeViolations('space manager', axe)).toEqual([]);
  });

  it('moves two memories with the bulk bar, shows them under Work, and undoes the move', async () => {
    await item(panel, 'Allergic to peanuts').getByRole('checkbox').check();
    await item(panel, 'Reads papers').getByRole('checkbox').check();
    const bulk = panel.getByRole('region', { name: 'Bulk actions' });
    await bulk.getByLabel('Move to space').selectOption({ label: 'Work' });
    await expect.poll(() => options(panel)).toContain('Work (2)');
    expect(await item(panel, 'Allergic to peanuts').locator('.badge.space').textContent()).toBe('Work');
    expect(await item(panel, 'metric units').locator('.badge.space').count()).toBe(0);
    await switcher(panel).selectOption({ label: 'Work (2)' });
    await expect
      .poll(() => panel.getByRole('list', { name: 'Memories' }).locator('.memory-content').allTextContents())
      .toHaveLength(2);
    await panel.locator('.toast').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => options(panel)).toContain('Work (0)');
    // A memory added while the list shows Work goes in Work; undo of the add takes it away.
    await panel.getByRole('button', { name: 'Add a memory' }).click();
    const add = panel.getByRole('form', { name: 'Add a memory' });
    expect(await add.getByLabel('Space').inputValue()).not.toBe('everywhere');
    await add.getByLabel('Memory').fill('Standup is at nine every weekday');
    await add.getByRole('button', { name: 'Remember it' }).click();
    await expect.poll(() => options(panel)).toContain('Work (1)');
    await expect.poll(() => item(panel, 'Standup is at nine').count()).toBe(1);
    await panel.locator('.toast').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => options(panel)).toContain('Work (0)');
    await switcher(panel).selectOption({ label: 'All spaces (16)' });
  });

  it('moves one memory in its editor, then deletes Work with its memory and undoes it exactly', async () => {
    await item(panel, 'Allergic to peanuts').getByRole('button', { name: 'Edit' }).click();
    const form = panel.getByRole('form', { name: 'Edit memory' });
    await form.getByLabel('Space').selectOption({ label: 'Work' });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => options(panel)).toContain('Work (1)');

    const before = {
      spaces: byId(await readStore<Row>(panel, 'spaces')),
      memories: byId(await readStore<Row>(panel, 'memories')),
    };
    const work = before.spaces.find((s) => s.name === 'Work');
    expect(before.memories.filter((m) => m.space === work?.id)).toHaveLength(1);

    const row = panel.locator('#space-manager .space-row').filter({ hasText: 'Work' });
    await row.getByRole('button', { name: 'Delete' }).click();
    await row.getByLabel('Delete its 1 memory too').check();
    await row.getByRole('button', { name: 'Delete space' }).click();
    await expect.poll(() => item(panel, 'Allergic to peanuts').count()).toBe(0);
    await expect.poll(() => options(panel)).not.toContain('Work (1)');

    await panel.locator('.toast').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => item(panel, 'Allergic to peanuts').count()).toBe(1);
    await expect.poll(() => options(panel)).toContain('Work (1)');
    expect({
      spaces: byId(await readStore<Row>(panel, 'spaces')),
      memories: byId(await readStore<Row>(panel, 'memories')),
    }).toEqual(before);
  });

  it('stays inside 320 px in Chinese with the manager and a delete question open', async () => {
    await panel.setViewportSize({ width: 320, height: 760 });
    await setLanguage(panel, 'zh');
    await panel.getByRole('tab', { name: '记忆' }).click();
    const manager = panel.locator('#space-manager');
    if ((await manager.count()) === 0) await panel.getByRole('button', { name: '管理空间' }).click();
    await manager.locator('.space-row').first().getByRole('button', { name: '删除' }).click();
    await manager.getByRole('button', { name: '新建空间' }).click();
    const past = await panel.evaluate(() => {
      const edge = (document.scrollingElement as Element).clientWidth;
      return [...document.querySelectorAll('#view-memories *')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 1 && r.height > 1 && r.right > edge + 0.5;
        })
        .map((el) => `${el.tagName}.${el.className}`);
    });
    expect(past).toEqual([]);
    const axe = (await audit(panel)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(describeViolations('space manager zh', axe)).toEqual([]);
  });
});
