import { describe, expect, it } from 'vitest';
import { MemorySchema } from '../../../lib/memory/types';
import { isPast, localDay, parseWhen, plausibleWhen, shortWhen, WhenSchema } from '../../../lib/memory/when';
import { memory } from '../helpers';

describe('the day a memory is about', () => {
  it('takes a calendar day or a range of days, nothing else', () => {
    expect(parseWhen('2026-11-27')).toEqual({ from: '2026-11-27', to: '2026-11-27' });
    expect(parseWhen('2026-11-27/2026-11-30')).toEqual({ from: '2026-11-27', to: '2026-11-30' });
    expect(parseWhen('2028-02-29')).not.toBeNull();
    for (const bad of [
      '2026-02-30',
      '2027-02-29',
      '2026-13-01',
      '2026-11-30/2026-11-27',
      'next Friday',
      '2026-11-27T10:00:00Z',
      '2026/11/27',
      '26-11-27',
      '2026-11-27/2026-11-28/2026-11-29',
      '0001-01-01',
      '',
    ])
      expect(WhenSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('is optional on a memory: old memories stay valid without it, a bad one is refused', () => {
    const { feedback: _local, ...old } = memory({ content: 'User lives in Berlin' });
    expect(MemorySchema.safeParse(old).success).toBe(true);
    expect(MemorySchema.safeParse({ ...old, when: '2026-11-27' }).success).toBe(true);
    expect(MemorySchema.safeParse({ ...old, when: '2026-11-31' }).success).toBe(false);
  });

  it('from a model, only within a lifetime of the chat’s day: a year typed wrong is no plan', () => {
    const today = '2026-11-20';
    expect(plausibleWhen('2026-11-27', today)).toBe('2026-11-27');
    expect(plausibleWhen('1958-03-02', today)).toBe('1958-03-02');
    expect(plausibleWhen('2055-01-01/2055-12-31', today)).toBe('2055-01-01/2055-12-31');
    for (const slip of ['2099-11-27', '1901-05-01', '2026-11-20/2090-01-01', '2026-02-30', 'soon'])
      expect(plausibleWhen(slip, today), slip).toBeUndefined();
    expect(plausibleWhen(undefined, today)).toBeUndefined();
  });

  it('is past once its last day is over for the user', () => {
    expect(isPast('2026-11-27', '2026-11-28')).toBe(true);
    expect(isPast('2026-11-27', '2026-11-27')).toBe(false);
    expect(isPast('2026-11-20/2026-11-30', '2026-11-28')).toBe(false);
    expect(isPast('2026-11-20/2026-11-30', '2026-12-01')).toBe(true);
  });

  it('reads the user’s day in their time zone, not UTC’s', () => {
    const at = Date.parse('2026-11-27T17:30:00Z');
    expect(localDay(at, 'UTC')).toBe('2026-11-27');
    expect(localDay(at, 'Asia/Shanghai')).toBe('2026-11-28');
    expect(localDay(Date.parse('2026-11-28T03:00:00Z'), 'America/New_York')).toBe('2026-11-27');
  });

  it('is written short: a whole month or year as such', () => {
    expect(shortWhen('2026-11-27')).toBe('2026-11-27');
    expect(shortWhen('2026-05-01/2026-05-31')).toBe('2026-05');
    expect(shortWhen('2028-02-01/2028-02-29')).toBe('2028-02');
    expect(shortWhen('2026-01-01/2026-12-31')).toBe('2026');
    expect(shortWhen('2026-11-27/2026-11-30')).toBe('2026-11-27–2026-11-30');
  });
});
