// @vitest-environment happy-dom
/**
 * The More actions menu closes once something is chosen: a button, and a file picked for Import
 * (before, the menu stayed open after an import and covered what the import showed).
 */
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { ActionMenu } from '../../../components/action-menu';
import { TransferBar } from '../../../components/transfer-bar';
import { mount, resetAfterEach } from './mount';

resetAfterEach();

function openMenu(): { root: HTMLElement; menu: HTMLDetailsElement; picked: File[] } {
  const picked: File[] = [];
  const root = mount(
    <ActionMenu label="More actions">
      <button type="button">Tidy up</button>
      <TransferBar
        onImport={(f) => picked.push(f)}
        onExport={() => {}}
        busy={false}
        hints={{ import: 'A memory file', export: 'All your memories' }}
      />
    </ActionMenu>,
  );
  const menu = root.querySelector('details') as HTMLDetailsElement;
  menu.open = true;
  return { root, menu, picked };
}

describe('the More actions menu', () => {
  it('closes when a file is picked for Import, and the import still runs', async () => {
    const { root, menu, picked } = openMenu();
    const input = root.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['{}'], 'memories.json', { type: 'application/json' });
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    await act(() => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(menu.open).toBe(false);
    expect(picked.map((f) => f.name)).toEqual(['memories.json']);
  });

  it('closes when a button in it is chosen', async () => {
    const { root, menu } = openMenu();
    await act(() => {
      (root.querySelector('.menu-items button') as HTMLButtonElement).click();
    });
    expect(menu.open).toBe(false);
  });

  it('says in a few words what Import and Export do', () => {
    const { root } = openMenu();
    expect([...root.querySelectorAll('.menu-hint')].map((h) => h.textContent)).toEqual([
      'A memory file',
      'All your memories',
    ]);
  });
});
