// @vitest-environment happy-dom
/**
 * A space's name and description are text wherever the panel shows them: a name written as
 * markup (`<img onerror>`, from a hostile memory file or another device) stays letters on
 * screen, in the switcher, the manager and on a memory.
 */
import { describe, expect, it } from 'vitest';
import { MemoryMeta } from '../../../components/memory-meta';
import { SpaceSwitcher } from '../../../components/space-switcher';
import { toggleManager } from '../../../entrypoints/sidepanel/models/space-manager';
import { setSpaces } from '../../../entrypoints/sidepanel/models/spaces';
import { SpacesManager } from '../../../entrypoints/sidepanel/views/spaces-manager';
import { lang } from '../../../lib/i18n';
import { type Space, spaceRecord } from '../../../lib/memory/spaces';
import { memory } from '../helpers';
import { mount, resetAfterEach } from './mount';

resetAfterEach();

const HOSTILE = '<img src=x onerror="window.__pwned=1">';
const at = '2026-12-01T00:00:00.000Z';
const space: Space = spaceRecord(
  { id: 'sp-x', name: HOSTILE, description: `<b>bold</b>${HOSTILE}`, isolated: true },
  at,
);

describe('space names are text', () => {
  it('in the switcher, with counts, in English and Chinese', () => {
    const counts = new Map([
      ['sp-x', 2],
      ['everywhere', 3],
    ]);
    const props = {
      value: 'all',
      spaces: [space],
      counts,
      total: 5,
      onChange: () => {},
      manageOpen: false,
      onManage: () => {},
    };
    const root = mount(<SpaceSwitcher {...props} />);
    expect(root.querySelector('img')).toBeNull();
    expect([...root.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'All spaces (5)',
      'Everywhere (3)',
      `${HOSTILE} (2)`,
    ]);
    lang.value = 'zh';
    const zh = mount(<SpaceSwitcher {...props} />);
    expect(zh.querySelector('option')?.textContent).toBe('全部空间（5）');
  });

  it('in the manager and on a memory', () => {
    setSpaces([space]);
    toggleManager();
    const root = mount(
      <>
        <SpacesManager />
        <MemoryMeta memory={memory({ content: 'x' }, { space: 'sp-x' })} spaceLabel={space.name} />
      </>,
    );
    expect(root.querySelector('img, b')).toBeNull();
    expect(root.querySelector('.space-name')?.textContent).toBe(HOSTILE);
    expect(root.querySelector('.space-description')?.textContent).toBe(space.description);
    expect(root.querySelector('.badge.space')?.textContent).toBe(HOSTILE);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    toggleManager();
  });
});
