import { describe, expect, it } from 'vitest';
import { keptInWords } from '../../../components/import-settings';
import { applyLanguagePref } from '../../../lib/i18n';

describe('what an import kept, in words', () => {
  it('names the groups the Settings page shows, not the file’s field names', () => {
    applyLanguagePref('en');
    const keys = ['authStyle', 'baseUrl', 'dailyTokenCap', 'model', 'privacyPatterns', 'provider', 'version'];
    expect(keptInWords(keys)).toBe('Your connection, cost cap and privacy patterns were kept as they are.');
    expect(keptInWords(['baseUrl'])).toBe('Your connection was kept as it is.');
    expect(keptInWords(['version'])).toBeNull();
    expect(keptInWords(['privacyPatterns'])).toBe('Your privacy patterns were kept as they are.');
    expect(keptInWords(['somethingNew'])).toBe('Your other protected settings were kept as they are.');
    applyLanguagePref('zh');
    expect(keptInWords(keys)).toBe('你的连接、费用上限和隐私规则保持不变。');
  });
});
