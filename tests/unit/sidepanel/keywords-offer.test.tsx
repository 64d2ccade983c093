// @vitest-environment happy-dom
/**
 * The "Add keywords" offer as an import or Bring in leaves it: where it happened, saying why,
 * with the cost before the button that starts anything, in English and Chinese.
 */
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { type KeywordsOfferState, keywordsOffer } from '../../../entrypoints/sidepanel/models/keywords';
import { saved } from '../../../entrypoints/sidepanel/models/settings';
import { KeywordsOffer } from '../../../entrypoints/sidepanel/views/keywords-offer';
import { lang } from '../../../lib/i18n';
import { defaultSettings } from '../../../lib/settings/schema';
import { mount, resetAfterEach } from './mount';

resetAfterEach();
afterEach(() => {
  keywordsOffer.value = null;
  saved.value = null;
});

const PRICE = { model: 'claude-haiku-4-5', inputPerMTok: 1, outputPerMTok: 5, currency: 'USD', known: true } as const;

function offer(over: Partial<KeywordsOfferState> = {}): KeywordsOfferState {
  return {
    estimate: { count: 12, inputTokens: 2000, outputTokens: 600 },
    price: PRICE as unknown as KeywordsOfferState['price'],
    place: 'memories',
    reason: 'import',
    ...over,
  };
}

async function shown(place: 'memories' | 'data', state: KeywordsOfferState): Promise<HTMLElement> {
  // A local server needs no key, so the offer shows its start button.
  saved.value = { ...defaultSettings(), provider: 'ollama' };
  keywordsOffer.value = state;
  let root!: HTMLElement;
  await act(() => {
    root = mount(<KeywordsOffer place={place} />);
  });
  return root;
}

describe('the keywords offer after an import or Bring in', () => {
  it('says why it shows and what it costs, before the button that starts it', async () => {
    const root = await shown('memories', offer());
    const text = root.textContent ?? '';
    expect(root.querySelector('.fold-head')?.textContent).toBe('Add search keywords12 without them');
    expect(text).toContain('The memories you imported carry no search keywords yet: 12 memories in all');
    // Said once: the reason carries the count, so no second sentence repeats it.
    expect(text.match(/no search keywords/g)).toHaveLength(1);
    const cost = text.indexOf('About 2,600 tokens');
    expect(cost).toBeGreaterThan(0);
    const start = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Add keywords now');
    expect(start).toBeDefined();
    expect(text.indexOf('Add keywords now')).toBeGreaterThan(cost);
  });

  it('names Bring in after Bring in, and says it in Chinese', async () => {
    lang.value = 'zh';
    const root = await shown('memories', offer({ reason: 'bringIn' }));
    expect(root.textContent).toContain('刚带入的记忆还没有搜索关键词：连同较早的，共 12 条。模型会补上');
    expect(root.textContent).toContain('开始添加');
  });

  it('shows where the import happened and nowhere else', async () => {
    expect((await shown('memories', offer({ place: 'data' }))).textContent).toBe('');
    document.body.innerHTML = '';
    const data = await shown('data', offer({ place: 'data' }));
    expect(data.querySelector('section[aria-labelledby="kw-data-title"] #kw-data-title')?.textContent).toBe(
      'Add search keywords',
    );
  });

  it('asked from the toolbar, it gives no import reason and opens at once', async () => {
    const root = await shown('memories', offer({ reason: 'asked' }));
    expect(root.textContent).not.toContain('The memories you imported');
    expect(root.querySelector('.fold-head button')?.getAttribute('aria-expanded')).toBe('true');
  });

  it('offered unasked, it waits folded on one line until opened', async () => {
    const root = await shown('memories', offer());
    const head = root.querySelector<HTMLButtonElement>('.fold-head button')!;
    const body = root.querySelector<HTMLElement>('.fold-body')!;
    expect(head.getAttribute('aria-expanded')).toBe('false');
    expect(body.hidden).toBe(true);
    await act(() => head.click());
    expect(head.getAttribute('aria-expanded')).toBe('true');
    expect(body.hidden).toBe(false);
  });
});
