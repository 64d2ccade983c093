import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearNotice, fail, INFO_MS, notice, say } from '../../../entrypoints/sidepanel/models/notice';
import { applyLanguagePref, t } from '../../../lib/i18n';

beforeEach(() => {
  vi.useFakeTimers();
  applyLanguagePref('en');
});
afterEach(() => {
  clearNotice();
  vi.useRealTimers();
});

describe('the notice line', () => {
  it('a success goes after a few seconds', () => {
    say(() => t('settings.saved'));
    expect(notice.value?.kind).toBe('info');
    vi.advanceTimersByTime(INFO_MS - 1);
    expect(notice.value?.text()).toBe('Settings saved.');
    vi.advanceTimersByTime(1);
    expect(notice.value).toBeNull();
  });

  it('an error stays until dismissed, and a success before it does not take it away', () => {
    say(() => t('settings.saved'));
    fail(() => t('transfer.importFailed', { error: 'not a JSON file' }));
    vi.advanceTimersByTime(INFO_MS * 20);
    expect(notice.value?.kind).toBe('error');
    clearNotice();
    expect(notice.value).toBeNull();
  });

  it('a newer success gets its own few seconds', () => {
    say('one');
    vi.advanceTimersByTime(INFO_MS - 100);
    say('two');
    vi.advanceTimersByTime(200);
    expect(notice.value?.text()).toBe('two');
  });

  it('follows a language switch while it is shown', () => {
    fail(() => t('transfer.importFailed', { error: 'x' }));
    expect(notice.value?.text()).toBe('Import failed: x');
    applyLanguagePref('zh');
    expect(notice.value?.text()).toBe('导入失败：x');
  });
});
