// @vitest-environment happy-dom
/** Activity says how many memory blocks a site was given this hour and how many its bound held back. */
import { describe, expect, it } from 'vitest';
import { ActivityView } from '../../../entrypoints/sidepanel/views/activity-view';
import { takeHandout } from '../../../lib/db/block-handouts';
import { lang } from '../../../lib/i18n';
import { BLOCKS_PER_SITE_HOUR } from '../../../lib/sites/bounds';
import { mount, resetAfterEach } from './mount';

resetAfterEach();

async function textShown(root: HTMLElement, part: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const line = [...root.querySelectorAll('[role="status"]')].find((el) => el.textContent?.includes(part));
    if (line) return line.textContent ?? '';
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`"${part}" never shown`);
}

describe('Activity and the per-site block bound', () => {
  it('shows given and held back, in English and Chinese', async () => {
    for (let i = 0; i < BLOCKS_PER_SITE_HOUR + 3; i++) await takeHandout('kimi', i, Date.now());
    const root = mount(<ActivityView />);
    expect(await textShown(root, 'Kimi')).toBe(
      `Memory blocks handed to Kimi this hour: ${BLOCKS_PER_SITE_HOUR}, 3 held back (at most ${BLOCKS_PER_SITE_HOUR} an hour per site, 6 per tab).`,
    );
    lang.value = 'zh';
    expect(await textShown(root, '拦下 3 个')).toContain('Kimi');
  });
});
