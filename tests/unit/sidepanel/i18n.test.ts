import { describe, expect, it } from 'vitest';
import { applyLanguagePref, lang, t } from '../../../lib/i18n';
import { detectLanguage, STRING_MODULES, translate } from '../../../lib/i18n/dictionary';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)(?::[^{}]*)?\}/g)].map((m) => m[1]).sort();

describe('the EN/ZH dictionary', () => {
  const entries = STRING_MODULES.flatMap((mod) => Object.entries(mod)) as [string, readonly [string, string]][];

  it('has no key twice across modules', () => {
    const keys = entries.map(([k]) => k);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has both languages for every string, with the same placeholders', () => {
    for (const [key, [en, zh]] of entries) {
      expect(en.trim(), key).not.toBe('');
      expect(zh.trim(), key).not.toBe('');
      expect([...new Set(placeholders(zh))], key).toEqual([...new Set(placeholders(en))]);
      expect(zh.includes('|'), `${key}: Chinese has no plural forms`).toBe(false);
    }
  });

  it('never sends the reader to a file the panel does not show ("see README")', () => {
    const pointing = entries.filter(([, pair]) => pair.some((text) => /README|\bdocs\//.test(text)));
    expect(pointing.map(([k]) => k)).toEqual([]);
  });

  it('actually translates: Chinese strings contain Chinese', () => {
    const untranslated = entries.filter(([, [en, zh]]) => en === zh && !/^[A-Z][\w ]*$/.test(en));
    expect(untranslated.map(([k]) => k)).toEqual([]);
  });

  it('fills values and picks the English plural by n', () => {
    expect(translate('en', 'mem.count', { n: 1 })).toBe('1 memory');
    expect(translate('en', 'mem.count', { n: 3 })).toBe('3 memories');
    expect(translate('zh', 'mem.count', { n: 3 })).toBe('共 3 条记忆');
    expect(translate('en', 'mem.countOf', { n: 2, total: 17 })).toBe('2 of 17 memories');
  });

  it('follows the browser language until the user picks one', () => {
    expect(detectLanguage('zh-CN')).toBe('zh');
    expect(detectLanguage('zh-TW')).toBe('zh');
    expect(detectLanguage('en-GB')).toBe('en');
    expect(detectLanguage(undefined)).toBe('en');
    applyLanguagePref('auto', 'zh-CN');
    expect(lang.value).toBe('zh');
    expect(t('nav.label')).toBe('视图');
    applyLanguagePref('en', 'zh-CN');
    expect(t('nav.label')).toBe('Views');
  });
});
