/**
 * Settings → Store health in Chromium: the store's size and counts, a damaged record
 * set aside by the integrity check (kept, listed, no longer shown as a memory), the tidy-up,
 * and "Check again" on the banner of a store the start-up check could not read.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sendFrom } from './harness/extension-rpc';
import { openSettings, withPanel } from './harness/panel';
import { putRows } from './harness/seed';

/** The extension's session storage (extension pages only) as a page of the extension sees it. */
type SessionArea = { set(items: object): Promise<void>; get(key: string): Promise<Record<string, unknown>> };
type WithChrome = { chrome: { storage: { session: SessionArea } } };

describe('Store health (Chromium)', () => {
  let panel: Page;
  withPanel((p) => {
    panel = p;
  });

  it('shows size and counts, and lists a damaged record the check set aside', async () => {
    await sendFrom(panel, 'transfer.import', {
      text: JSON.stringify([
        { content: 'Lives in Chengdu', type: 'fact' },
        { content: '喜欢喝茶', type: 'preference' },
      ]),
    });
    // A record written by something that is not this extension's code: importance out of range.
    await putRows(panel, 'memories', [
      {
        id: 'damaged-1',
        content: 'Half-written record',
        type: 'fact',
        importance: 42,
        tags: [],
        status: 'active',
        scope: 'global',
        pinned: false,
        note: '',
        createdAt: '2026-11-01T00:00:00.000Z',
        updatedAt: '2026-11-01T00:00:00.000Z',
        lastHitAt: null,
        hitCount: 0,
        supersededBy: null,
        source: null,
        feedback: 0,
      },
    ]);
    await openSettings(panel, 'data');
    const section = panel.getByRole('region', { name: 'Store health' });
    await section.getByText('No damaged records.').waitFor();
    await expect.poll(() => section.textContent()).toMatch(/Uses [\d.,]+ \w?B of [\d.,]+ \w?B/);
    await section.getByRole('button', { name: 'Tidy up now' }).click();
    await section.getByText('1 record set aside because it could not be read').first().waitFor();
    expect(await section.getByRole('listitem').filter({ hasText: 'memories:damaged-1' }).textContent()).toContain(
      'importance: expected at most 5, got 42',
    );
    expect(await section.textContent()).toContain('2 memory records (older versions included), 0 chats.');
    expect(await section.textContent()).toMatch(/Last tidy-up .*: 0 tasks archived/);
    await panel.getByRole('tab', { name: 'Memories' }).click();
    await expect.poll(() => panel.getByText('Half-written record').count()).toBe(0);
  });

  it('checks an unreadable store again from its banner, and clears it once it reads', async () => {
    await sendFrom(panel, 'transfer.import', {
      text: JSON.stringify([{ content: 'Keeps two beehives', type: 'fact' }]),
    });
    // What the start-up check leaves when every read failed (a full disk, since freed).
    await panel.evaluate(() =>
      (globalThis as unknown as WithChrome).chrome.storage.session.set({
        'store.degraded': {
          at: '2026-11-30T08:00:00.000Z',
          error: 'QuotaExceededError: disk full',
          attempts: 4,
          reason: 'transient',
        },
      }),
    );
    await panel.reload();
    const banner = panel.getByRole('alert').filter({ hasText: 'QuotaExceededError: disk full' });
    await banner.getByText('nothing was deleted or replaced', { exact: false }).waitFor();
    await banner.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => banner.count()).toBe(0);
    await panel.getByRole('tab', { name: 'Memories' }).click();
    await panel.getByText('Keeps two beehives').waitFor();
    expect(
      await panel.evaluate(() => (globalThis as unknown as WithChrome).chrome.storage.session.get('store.degraded')),
    ).toEqual({});
  });
});
