/**
 * Memories view end to end in Chromium: import a store, search in English and Chinese, edit
 * in place, delete and undo, bulk change and undo, then export and compare with what was done.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadSampleStore, memoriesAction, openSettings, withPanel } from './harness/panel';
import { freshDir } from './harness/paths';
import type { SampleStore } from './harness/sample-store';

type Mem = Record<string, unknown> & { id: string; content: string };

function item(panel: Page, text: string) {
  return panel.getByRole('list', { name: 'Memories' }).getByRole('listitem').filter({ hasText: text });
}

async function search(panel: Page, q: string): Promise<string[]> {
  await panel.getByRole('searchbox', { name: 'Search' }).fill(q);
  const list = panel.getByRole('list', { name: 'Memories' });
  await expect
    .poll(
      async () =>
        (await list.getByRole('listitem').count()) > 0 || (await panel.getByText('Nothing matches').count()) > 0,
    )
    .toBe(true);
  return list.getByRole('listitem').locator('.memory-content').allTextContents();
}

async function exportNow(panel: Page): Promise<{ memories: Mem[] }> {
  const [download] = await Promise.all([panel.waitForEvent('download'), memoriesAction(panel, 'Export memories')]);
  const saved = join(freshDir('export'), 'export.json');
  await download.saveAs(saved);
  return JSON.parse(readFileSync(saved, 'utf8'));
}

describe('Memories view (Chromium)', () => {
  let panel: Page;
  let store: SampleStore;
  withPanel(async (p) => {
    panel = p;
    store = await loadSampleStore(panel);
  });

  it('searches as you type in English and Chinese', async () => {
    // 17 records, one of them an older version: 16 memories are current, and counted.
    await expect.poll(() => panel.locator('.app-header .count').textContent()).toBe('16 memories');
    expect(await search(panel, 'FastAPI')).toHaveLength(2);
    await expect.poll(() => panel.getByRole('status').filter({ hasText: '2 of 16 memories' }).count()).toBe(1);
    // "Best match" takes over while searching.
    expect(await panel.getByLabel('Sort').inputValue()).toBe('relevance');
    expect(await search(panel, '成都预算')).toEqual(['我住在成都，预算是¥2,850,000.00，想买三室的房子 🏠']);
    expect(await search(panel, '钢琴')).toEqual(['女儿今年六岁，周末要上钢琴课']);
    // The replaced memory is not in the default list; the status filter shows it, marked as such.
    expect(await search(panel, '咖啡')).toEqual(['不喝咖啡了，现在只喝茶']);
    await panel.getByRole('button', { name: 'Filters' }).click();
    await panel.getByLabel('Status').selectOption('superseded');
    expect(await search(panel, '咖啡')).toEqual(['喜欢喝美式咖啡']);
    expect(await item(panel, '美式咖啡').textContent()).toContain('Replaced');
    await panel.getByRole('button', { name: 'Reset filters' }).click();
    await panel
      .getByRole('button', { name: 'Filters (on)' })
      .or(panel.getByRole('button', { name: 'Filters' }))
      .click();
    expect(await search(panel, 'zzzz nothing')).toEqual([]);
    await search(panel, '');
    await expect
      .poll(() =>
        panel
          .getByRole('status')
          .filter({ hasText: /^16 memories$/ })
          .count(),
      )
      .toBe(1);
  });

  it('edits a memory in place', async () => {
    await search(panel, 'metric units');
    await item(panel, 'metric units').getByRole('button', { name: 'Edit' }).click();
    const form = panel.getByRole('form', { name: 'Edit memory' });
    await form.getByLabel('Memory').fill('Prefers metric units, 24-hour time and ISO dates.');
    await form.getByLabel('Type').selectOption('fact');
    await form.getByLabel('Importance').selectOption('4');
    await form.getByLabel('Your note').fill('said twice');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    const row = item(panel, 'ISO dates');
    expect(await row.textContent()).toContain('said twice');
    expect(await row.locator('.badge').first().textContent()).toBe('Fact');
    await panel.getByRole('status').filter({ hasText: 'Edited' }).or(panel.locator('.toast')).first().waitFor();
    await search(panel, '');
  });

  it('deletes, and Undo puts the memory back exactly', async () => {
    await item(panel, 'trunk-based').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => item(panel, 'trunk-based').count()).toBe(0);
    await panel.locator('.toast').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => item(panel, 'trunk-based').count()).toBe(1);
  });

  it('changes the scope of several memories at once, undoes it, then changes their type', async () => {
    await item(panel, 'Allergic to peanuts').getByRole('checkbox').check();
    await item(panel, 'Reads papers').getByRole('checkbox').check();
    const bulk = panel.getByRole('region', { name: 'Bulk actions' });
    await bulk.getByText('2 selected').waitFor();
    await bulk.getByLabel('Set “Used on” to').selectOption('claude');
    await expect.poll(() => item(panel, 'Allergic to peanuts').textContent()).toContain('Claude');
    expect(await item(panel, 'Reads papers').textContent()).toContain('Claude');
    await panel.getByText(/Recent changes/).click();
    await panel
      .getByRole('list', { name: 'Recent changes' })
      .getByRole('button', { name: /Undo: Changed 2 memories/ })
      .click();
    await expect.poll(() => item(panel, 'Allergic to peanuts').textContent()).toContain('All sites');
    await bulk.getByLabel('Change type to').selectOption('task');
    await expect.poll(() => item(panel, 'Reads papers').locator('.badge').first().textContent()).toBe('Task');
    await bulk.getByRole('button', { name: 'Clear selection' }).click();
  });

  it('exports exactly what the panel shows after those changes', async () => {
    // The edit kept the old text as a version of s-4 (in its Details): still 16 current memories.
    await expect
      .poll(() =>
        panel
          .getByRole('status')
          .filter({ hasText: /^16 memories$/ })
          .count(),
      )
      .toBe(1);
    expect(await panel.locator('.app-header .count').textContent()).toBe('16 memories');
    const exported = await exportNow(panel);
    // The notice says what the file holds: the current ones, and the older versions beside them.
    await panel.getByText('Exported 16 current memories and 2 older versions.').waitFor();
    const byId = new Map(exported.memories.map((m) => [m.id, m]));
    expect(byId.size).toBe(18);
    const source = store.file.memories as Mem[];
    const changed = new Set(['s-4', 's-12', 's-14']);
    for (const m of source.filter((m) => !changed.has(m.id))) {
      const { tags: _a, ...want } = m;
      const { tags: _b, ...got } = byId.get(m.id) as Mem;
      expect(got).toEqual(want);
    }
    expect(byId.get('s-4')).toMatchObject({
      content: 'Prefers metric units, 24-hour time and ISO dates.',
      type: 'fact',
      importance: 4,
      note: 'said twice',
    });
    expect(byId.get('s-12')).toMatchObject({ type: 'task', scope: 'global' });
    expect(byId.get('s-14')).toMatchObject({ type: 'task', scope: 'global' });
    // The one record not in the source: s-4 as it was before the edit, kept as its version.
    const versions = exported.memories.filter((m) => !source.some((s) => s.id === m.id));
    expect(versions).toHaveLength(1);
    const {
      tags: _c,
      id: _id,
      updatedAt: _u,
      status: _s,
      supersededBy: _by,
      pinned: _p,
      ...was
    } = source.find((m) => m.id === 's-4') as Mem;
    const { tags: _d, id: vid, updatedAt: _vu, ...version } = versions[0] as Mem;
    expect(vid).not.toBe('s-4');
    expect(version).toEqual({ ...was, status: 'superseded', supersededBy: 's-4', pinned: false });
  });

  it('took a backup before the delete, which also covers the bulk changes after it', async () => {
    await openSettings(panel, 'data');
    const backups = panel.getByRole('list', { name: 'Backups' });
    await expect
      .poll(() => backups.textContent())
      .toContain('before a delete · 18 memory records (older versions included)');
    // The bulk changes touched memories that snapshot still holds unchanged: no second copy.
    expect(await backups.getByRole('listitem').count()).toBe(2);
    await panel.getByRole('tab', { name: 'Memories' }).click();
  });
});
