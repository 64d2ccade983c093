/** Dates in lists carry the year when it is not the current one, in English and Chinese. */
import { afterEach, describe, expect, it } from 'vitest';
import { lang } from '../../../lib/i18n';
import { shortDate } from '../../../lib/i18n/format';

const NOW = Date.parse('2026-12-04T12:00:00.000Z');

afterEach(() => {
  lang.value = 'en';
});

describe('shortDate', () => {
  it('leaves the year out this year and writes it for any other', () => {
    expect(shortDate('2026-03-08T12:00:00.000Z', NOW)).toBe('Mar 8');
    expect(shortDate('2024-01-08T12:00:00.000Z', NOW)).toBe('Jan 8, 2024');
    lang.value = 'zh';
    expect(shortDate('2026-03-08T12:00:00.000Z', NOW)).toBe('3月8日');
    expect(shortDate('2024-01-08T12:00:00.000Z', NOW)).toBe('2024年1月8日');
  });
});
