// @vitest-environment happy-dom
/**
 * The Tidy up panel before the run: the groups found and the cost come before the button that
 * starts anything, today's cap is named (with a warning when it will stop the run), and it
 * reads in Chinese.
 */
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { saved } from '../../../entrypoints/sidepanel/models/settings';
import { tidyEstimate, tidyOpen } from '../../../entrypoints/sidepanel/models/tidy';
import { TidyPanel } from '../../../entrypoints/sidepanel/views/tidy-panel';
import { lang } from '../../../lib/i18n';
import { defaultSettings } from '../../../lib/settings/schema';
import { mount, resetAfterEach } from './mount';

resetAfterEach();
afterEach(() => {
  tidyOpen.value = false;
  tidyEstimate.value = null;
  saved.value = null;
});

const ESTIMATE = {
  groups: 14,
  memories: 31,
  calls: 2,
  tooLarge: 0,
  inputTokens: 6000,
  outputTokens: 1500,
  cost: { amount: 0.0135, currency: 'USD', known: true },
  usedToday: 1000,
  cap: 300_000,
} as const;

async function shown(estimate: typeof tidyEstimate.value): Promise<HTMLElement> {
  // A local server needs no key, so the panel shows its start button.
  saved.value = { ...defaultSettings(), provider: 'ollama' };
  tidyOpen.value = true;
  tidyEstimate.value = estimate;
  let root!: HTMLElement;
  await act(() => {
    root = mount(<TidyPanel />);
  });
  return root;
}

describe('the tidy-up estimate', () => {
  it('shows the groups, then the calls, tokens and price, before the button that asks the model', async () => {
    const text = (await shown({ ...ESTIMATE })).textContent ?? '';
    const found = text.indexOf('14 groups of likely duplicates or contradictions found (31 memories)');
    const cost = text.indexOf('about 7,500 tokens, $0.01');
    const start = text.indexOf('Ask the model');
    expect(found).toBeGreaterThanOrEqual(0);
    expect(cost).toBeGreaterThan(found);
    expect(text).toContain('in 2 calls');
    expect(text).toContain('1,000 of your 300,000 daily tokens are used');
    expect(start).toBeGreaterThan(cost);
    expect(text).not.toContain('will stop before it is done');
  });

  it('warns when today\u2019s cap will stop the run, and shows tokens only when the price is unknown', async () => {
    const text =
      (await shown({ ...ESTIMATE, usedToday: 295_000, cost: { amount: 0, currency: 'USD', known: false } }))
        .textContent ?? '';
    expect(text).toContain('Only about 5,000 tokens left under today’s cap');
    expect(text).toContain('about 7,500 tokens in 2 calls (price unknown for this model)');
  });

  it('reads in Chinese', async () => {
    lang.value = 'zh';
    const text = (await shown({ ...ESTIMATE })).textContent ?? '';
    expect(text).toContain('已在本机（未使用模型）找到 14 组可能重复或矛盾的记忆（共 31 条）');
    expect(text).toContain('询问模型');
  });
});
