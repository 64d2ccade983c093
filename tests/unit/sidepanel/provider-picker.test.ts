import { beforeEach, describe, expect, it } from 'vitest';
import { chooseProvider, currentPrice, editBaseUrl } from '../../../entrypoints/sidepanel/models/provider';
import { form, keyMissing, saved } from '../../../entrypoints/sidepanel/models/settings';
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
    editBaseUrl('https://proxy.example.org/anthropic');
    expect(form.value).toMatchObject({ provider: 'custom', authStyle: 'bearer' });
    chooseProvider('ollama');
    editBaseUrl('http://127.0.0.1:11500');
    expect(form.value).toMatchObject({ provider: 'ollama', baseUrl: 'http://127.0.0.1:11500' });
    editBaseUrl('https://ollama.example.org');
    expect(form.value).toMatchObject({ provider: 'custom', authStyle: 'none' });
  });

  it('no key is missing for a local server', () => {
    saved.value = { ...defaultSettings(), provider: 'llamacpp', authStyle: 'none', baseUrl: 'http://127.0.0.1:8080' };
    expect(keyMissing.value).toBe(false);
    saved.value = defaultSettings();
    expect(keyMissing.value).toBe(true);
  });
});
