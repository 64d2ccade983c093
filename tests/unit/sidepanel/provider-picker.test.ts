import { beforeEach, describe, expect, it } from 'vitest';
import {
  chooseProvider,
  currentPrice,
  settleBaseUrl,
  typeBaseUrl,
} from '../../../entrypoints/sidepanel/models/provider';
import { form, keyMissing, saved } from '../../../entrypoints/sidepanel/models/settings';
import { translate } from '../../../lib/i18n/dictionary';
import { PRESETS, type ProviderId } from '../../../lib/provider/presets';
import { defaultSettings } from '../../../lib/settings/schema';

beforeEach(() => {
  form.value = defaultSettings();
  saved.value = defaultSettings();
});

describe('the provider picker', () => {
  it('a preset fills base URL, auth and its first model; custom keeps the fields', () => {
    chooseProvider('deepseek');
    expect(form.value).toMatchObject({
      provider: 'deepseek',
      baseUrl: 'https://api.deepseek.com/anthropic',
      authStyle: 'x-api-key',
      model: 'deepseek-flash',
    });
    expect(currentPrice.value).toMatchObject({ known: true, currency: 'USD', inputPerMTok: 0.3 });
    chooseProvider('custom');
    expect(form.value).toMatchObject({ provider: 'custom', baseUrl: 'https://api.deepseek.com/anthropic' });
  });

  it('keeps a model the new preset serves', () => {
    form.value = { ...defaultSettings(), model: 'deepseek-v4-pro' };
    chooseProvider('deepseek');
    expect(form.value?.model).toBe('deepseek-v4-pro');
  });

  it('another address leaves a hosted preset; a local one keeps its name on any loopback address', () => {
    chooseProvider('minimax');
    settleBaseUrl('https://proxy.example.org/anthropic');
    expect(form.value).toMatchObject({ provider: 'custom', authStyle: 'bearer' });
    chooseProvider('ollama');
    settleBaseUrl('http://127.0.0.1:11500');
    expect(form.value).toMatchObject({ provider: 'ollama', baseUrl: 'http://127.0.0.1:11500' });
    settleBaseUrl('https://ollama.example.org');
    expect(form.value).toMatchObject({ provider: 'custom', authStyle: 'none' });
  });

  it('typing an address keystroke by keystroke changes nothing but the field until it is finished', () => {
    chooseProvider('deepseek');
    const url = 'https://api.deepseek.com/anthropic';
    for (let i = 1; i <= url.length; i++) {
      typeBaseUrl(url.slice(0, i));
      expect(form.value?.provider).toBe('deepseek');
    }
    settleBaseUrl(url);
    expect(form.value).toMatchObject({ provider: 'deepseek', baseUrl: url, authStyle: 'x-api-key' });
  });

  it("a finished address that is another preset's own picks that preset", () => {
    chooseProvider('deepseek');
    settleBaseUrl('https://api.anthropic.com/');
    expect(form.value).toMatchObject({ provider: 'anthropic', authStyle: 'bearer' });
  });

  it('no key is missing for a local server', () => {
    saved.value = { ...defaultSettings(), provider: 'llamacpp', authStyle: 'none', baseUrl: 'http://127.0.0.1:8080' };
    expect(keyMissing.value).toBe(false);
    saved.value = defaultSettings();
    expect(keyMissing.value).toBe(true);
  });
});

describe('provider names', () => {
  it('every preset has a name in both languages, the English one its own label', () => {
    for (const p of PRESETS) {
      const id = p.id as Exclude<ProviderId, 'custom'>;
      expect(translate('en', `provider.name.${id}`)).toBe(p.label);
      expect(translate('zh', `provider.name.${id}`)).not.toBe('');
    }
  });
});
