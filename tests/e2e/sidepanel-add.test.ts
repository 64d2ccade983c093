/**
 * Adding memories in Chromium: by hand, and through "Remember this" (the context menu's
 * pending draft, written where the background writes it), plus pin, expire and details.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withPanel } from './harness/panel';

function item(panel: Page, text: string) {
  return panel.getByRole('list', { name: 'Memories' }).getByRole('listitem').filter({ hasText: text });
}

describe('adding memories (Chromium)', () => {
  let panel: Page;
  withPanel((p) => {
    panel = p;
  });

  it('adds a memory by hand, and Undo removes it again', async () => {
    await panel.getByText('No memories yet').waitFor();
    await panel.getByRole('button', { name: '+ Add a memory' }).first().click();
    const form = panel.getByRole('form', { name: 'Add a memory' });
    await form.getByLabel('Memory').fill('周三晚上固定打羽毛球');
    await form.getByLabel('Type').selectOption('preference');
    await form.getByLabel('Importance').selectOption('4');
    await form.getByLabel('Used on').selectOption('kimi');
    await form.getByRole('button', { name: 'Remember it' }).click();
    const row = item(panel, '羽毛球');
    await row.waitFor();
    expect(await row.textContent()).toContain('Kimi');
    await panel.locator('.toast').getByRole('button', { name: 'Undo' }).click();
    await panel.getByText('No memories yet').waitFor();
  });

  it('opens the form prefilled from "Remember this", and stores it with its source once confirmed', async () => {
    // Where the background's context-menu click keeps the selection (lib/memory/pending-draft.ts,
    // in the extension's private database); a panel opening takes it at start.
    await panel.evaluate(
      (draft) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('claude-mem-secrets');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('trusted', 'readwrite');
            tx.objectStore('trusted').put({ name: 'menu.pendingDraft', value: draft });
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
          };
        }),
      {
        text: 'Prefers window seats on long flights.',
        url: 'https://example.com/travel/notes',
        title: 'Travel notes',
        site: null,
        at: new Date().toISOString(),
      },
    );
    await panel.reload();
    const form = panel.getByRole('form', { name: 'Add a memory' });
    await expect.poll(() => form.getByLabel('Memory').inputValue()).toBe('Prefers window seats on long flights.');
    expect(await form.textContent()).toContain('Selected on https://example.com/travel/notes');
    // Nothing is stored until the user confirms.
    expect(await panel.getByRole('list', { name: 'Memories' }).count()).toBe(0);
    await form.getByRole('button', { name: 'Remember it' }).click();
    const row = item(panel, 'window seats');
    await row.getByRole('button', { name: 'Details' }).click();
    expect(await row.textContent()).toContain('example.com');
    expect(await row.getByRole('link', { name: 'open the chat' }).getAttribute('href')).toBe(
      'https://example.com/travel/notes',
    );
    // The draft was taken: a reload does not bring the form back.
    await panel.reload();
    await item(panel, 'window seats').waitFor();
    expect(await panel.getByRole('form', { name: 'Add a memory' }).count()).toBe(0);
  });

  it('pins and expires a memory, each undoable', async () => {
    const row = item(panel, 'window seats');
    await row.getByRole('button', { name: 'Pin', exact: true }).click();
    await row.getByRole('button', { name: 'Unpin', exact: true }).waitFor();
    expect(await row.textContent()).toContain('Pinned');
    await row.getByRole('button', { name: 'Expire' }).click();
    // An expired memory is history: it leaves the list of current memories until Undo.
    await row.waitFor({ state: 'detached' });
    await panel.locator('.toast').getByRole('button', { name: 'Undo' }).click();
    await row.waitFor();
    expect(await row.textContent()).not.toContain('Expired');
    await row.getByRole('button', { name: 'Unpin', exact: true }).focus();
    await panel.keyboard.press('Enter');
    await row.getByRole('button', { name: 'Pin', exact: true }).waitFor();
  });

  it('is keyboard reachable: the view tabs move with arrow keys', async () => {
    await panel.getByRole('tab', { name: 'Memories' }).focus();
    await panel.keyboard.press('ArrowRight');
    await expect.poll(() => panel.getByRole('tab', { name: 'This tab' }).getAttribute('aria-selected')).toBe('true');
    await panel.keyboard.press('End');
    await expect.poll(() => panel.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe('true');
    expect(await panel.evaluate(() => document.activeElement?.textContent)).toBe('Settings');
    await panel.keyboard.press('Home');
  });
});
