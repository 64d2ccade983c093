import { describe, expect, it } from 'vitest';
import { baseUrlProblem, isLoopbackUrl } from '../../../lib/provider/base-url';
import { authOf, needsKey, PRESETS, PROVIDER_IDS, presetForBaseUrl, presetOf } from '../../../lib/provider/presets';
import { callCost, priceFor } from '../../../lib/provider/pricing';

describe('provider presets', () => {
  it('each preset has a unique id in the settings enum, and custom is the one extra', () => {
    const ids = PRESETS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids, 'custom'].sort()).toEqual([...PROVIDER_IDS].sort());
  });

  it.each(PRESETS.map((p) => [p.id, p] as const))('%s is complete and self-consistent', (_id, p) => {
    expect(baseUrlProblem(p.baseUrl)).toBeNull();
    expect(p.models.length).toBeGreaterThan(0);
    expect(p.source).toMatch(/^https:\/\//);
    expect(p.label.length).toBeGreaterThan(0);
    // Local presets: on this computer, no key, free. Hosted ones: https, a key page, a key.
    if (p.local) {
      expect(isLoopbackUrl(p.baseUrl)).toBe(true);
      expect(p.auth).toBe('none');
      expect(p.keyUrl).toBeNull();
      expect(priceFor('anything', p.id)).toMatchObject({ inputPerMTok: 0, outputPerMTok: 0, known: true });
    } else {
      expect(p.baseUrl).toMatch(/^https:\/\//);
      expect(p.auth).not.toBe('none');
      expect(p.keyUrl).toMatch(/^https:\/\//);
    }
  });

  it('knows the documented endpoints and auth styles', () => {
    expect(presetOf('deepseek')).toMatchObject({ baseUrl: 'https://api.deepseek.com/anthropic', auth: 'x-api-key' });
    expect(presetOf('zhipu')).toMatchObject({
      baseUrl: 'https://open.bigmodel.cn/api/anthropic',
      auth: 'x-api-key',
      currency: 'CNY',
    });
    expect(presetOf('zai')).toMatchObject({ baseUrl: 'https://api.z.ai/api/anthropic', currency: 'USD' });
    expect(presetOf('minimax-cn')?.baseUrl).toBe('https://api.minimaxi.com/anthropic');
    expect(presetOf('moonshot-cn')?.baseUrl).toBe('https://api.moonshot.cn/anthropic');
    expect(presetOf('bailian')).toMatchObject({
      baseUrl: 'https://dashscope.aliyuncs.com/apps/anthropic',
      auth: 'x-api-key',
      currency: 'CNY',
    });
    expect(presetOf('bailian-intl')).toMatchObject({
      baseUrl: 'https://dashscope-intl.aliyuncs.com/apps/anthropic',
      currency: 'USD',
    });
    expect(presetOf('ollama')).toMatchObject({ baseUrl: 'http://localhost:11434', auth: 'none', local: true });
    expect(presetOf('llamacpp')).toMatchObject({ baseUrl: 'http://127.0.0.1:8080', auth: 'none', local: true });
    expect(presetOf('custom')).toBeNull();
  });

  it('finds a preset by base URL, ignoring a trailing slash and case', () => {
    expect(presetForBaseUrl('https://API.deepseek.com/anthropic/')?.id).toBe('deepseek');
    expect(presetForBaseUrl('https://example.org')).toBeNull();
  });

  it('takes a preset’s own auth, and the user’s choice only for custom', () => {
    expect(authOf({ provider: 'deepseek', authStyle: 'bearer' })).toBe('x-api-key');
    expect(authOf({ provider: 'custom', authStyle: 'none' })).toBe('none');
    expect(needsKey({ provider: 'ollama', authStyle: 'bearer' })).toBe(false);
    expect(needsKey({ provider: 'custom', authStyle: 'x-api-key' })).toBe(true);
  });
});

describe('prices per provider', () => {
  it('prices Claude models at Anthropic, in USD', () => {
    expect(priceFor('claude-haiku-4-5-20251001')).toEqual({
      inputPerMTok: 1,
      outputPerMTok: 5,
      currency: 'USD',
      known: true,
    });
    expect(callCost('claude-haiku-4-5', 'anthropic', 1_000_000, 100_000)).toEqual({
      amount: 1.5,
      currency: 'USD',
      known: true,
    });
  });

  it('prices DeepSeek in its own list, most specific prefix first', () => {
    expect(priceFor('deepseek-v4-pro', 'deepseek')).toMatchObject({ inputPerMTok: 1.32, outputPerMTok: 3.96 });
    expect(priceFor('deepseek-flash', 'deepseek')).toMatchObject({ inputPerMTok: 0.3, outputPerMTok: 1.2 });
  });

  it('never guesses: an unlisted model, a provider without a price list, or custom is unknown', () => {
    expect(priceFor('my-local-llama')).toMatchObject({ known: false, inputPerMTok: 0, outputPerMTok: 0 });
    expect(priceFor('claude-haiku-4-5', 'custom')).toMatchObject({ known: false });
    expect(priceFor('glm-4.7', 'zhipu')).toMatchObject({ known: false, currency: 'CNY' });
    expect(callCost('kimi-k2.6', 'moonshot', 1000, 1000)).toMatchObject({ amount: 0, known: false });
    expect(priceFor('MiniMax-M2.7', 'minimax')).toMatchObject({ known: false, currency: 'USD' });
  });

  it('prices what the providers’ own pages list, in their currency: MiniMax China, Zhipu’s free model', () => {
    expect(priceFor('MiniMax-M2.7', 'minimax-cn')).toEqual({
      inputPerMTok: 2.1,
      outputPerMTok: 8.4,
      currency: 'CNY',
      known: true,
    });
    expect(priceFor('minimax-m2.7-highspeed', 'minimax-cn')).toMatchObject({ inputPerMTok: 4.2, outputPerMTok: 16.8 });
    expect(callCost('glm-4.5-flash', 'zhipu', 1_000_000, 1_000_000)).toEqual({
      amount: 0,
      currency: 'CNY',
      known: true,
    });
  });
});

describe('preset labels', () => {
  it('name no field of the form, so the picker never passes for another control', () => {
    for (const p of PRESETS) expect(p.label).not.toMatch(/model|base url|api key|key sent/i);
  });
});
