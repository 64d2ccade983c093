import { describe, expect, it } from 'vitest';
import { localDay } from '../../../lib/memory/when';
import { readTimeRequest } from '../../../lib/ranking/time-window';

const windows = (text: string, today: string) => readTimeRequest(text, today).windows;
const day = (d: string) => ({ from: d, to: d });

describe('time in a request, resolved against the user’s today', () => {
  it('reads days, weeks, months and years in English', () => {
    const today = '2026-12-07'; // a Monday
    expect(windows('what did I decide yesterday?', today)).toEqual([day('2026-12-06')]);
    expect(windows('the day before yesterday', today)).toEqual([day('2026-12-05')]);
    expect(windows('What did we settle last week?', today)).toEqual([{ from: '2026-11-30', to: '2026-12-06' }]);
    expect(windows('anything this week', today)).toEqual([{ from: '2026-12-07', to: '2026-12-13' }]);
    expect(windows('what did I buy last month', today)).toEqual([{ from: '2026-11-01', to: '2026-11-30' }]);
    expect(windows('my plans for last year', today)).toEqual([{ from: '2025-01-01', to: '2025-12-31' }]);
    expect(windows('3 days ago', today)).toEqual([day('2026-12-04')]);
    expect(windows('two weeks ago', today)).toEqual([{ from: '2026-11-23', to: '2026-11-29' }]);
    expect(windows('in the past 10 days', today)).toEqual([{ from: '2026-11-27', to: '2026-12-07' }]);
    expect(windows('what happened on Friday', today)).toEqual([day('2026-12-04')]);
    expect(windows('last Friday', today)).toEqual([day('2026-12-04')]);
    expect(windows('recently', today)).toEqual([{ from: '2026-11-07', to: '2026-12-07' }]);
  });

  it('a month without a year is the last one or the coming one; with a year, that one', () => {
    expect(windows('the trip in May', '2026-12-07')).toEqual([
      { from: '2026-05-01', to: '2026-05-31' },
      { from: '2027-05-01', to: '2027-05-31' },
    ]);
    expect(windows('since December', '2026-12-07')).toEqual([{ from: '2026-12-01', to: '2026-12-31' }]);
    expect(windows('last May', '2026-03-02')).toEqual([{ from: '2025-05-01', to: '2025-05-31' }]);
    expect(windows('what did I do in February 2024', '2026-12-07')).toEqual([{ from: '2024-02-01', to: '2024-02-29' }]);
  });

  it('reads the same in Chinese, with digits or characters', () => {
    const today = '2026-12-07';
    expect(windows('昨天我说了什么', today)).toEqual([day('2026-12-06')]);
    expect(windows('前天', today)).toEqual([day('2026-12-05')]);
    expect(windows('上周我决定了什么？', today)).toEqual([{ from: '2026-11-30', to: '2026-12-06' }]);
    expect(windows('上个星期', today)).toEqual([{ from: '2026-11-30', to: '2026-12-06' }]);
    expect(windows('上周五的会', today)).toEqual([day('2026-12-04')]);
    expect(windows('上个月买的', today)).toEqual([{ from: '2026-11-01', to: '2026-11-30' }]);
    expect(windows('去年五月去了哪里', today)).toEqual([{ from: '2025-05-01', to: '2025-05-31' }]);
    expect(windows('2025年3月', today)).toEqual([{ from: '2025-03-01', to: '2025-03-31' }]);
    expect(windows('十二月份的计划', today)).toEqual([{ from: '2026-12-01', to: '2026-12-31' }]);
    expect(windows('三天前', today)).toEqual([day('2026-12-04')]);
    expect(windows('两个月前', today)).toEqual([{ from: '2026-10-01', to: '2026-10-31' }]);
    expect(windows('过去两周', today)).toEqual([{ from: '2026-11-23', to: '2026-12-07' }]);
    expect(windows('最近在忙什么', today)).toEqual([{ from: '2026-11-07', to: '2026-12-07' }]);
    expect(windows('上周末', today)).toEqual([{ from: '2026-12-05', to: '2026-12-06' }]);
  });

  it('crosses month and year ends', () => {
    expect(windows('yesterday', '2027-01-01')).toEqual([day('2026-12-31')]);
    expect(windows('last month', '2027-01-15')).toEqual([{ from: '2026-12-01', to: '2026-12-31' }]);
    expect(windows('上个月', '2026-03-31')).toEqual([{ from: '2026-02-01', to: '2026-02-28' }]);
    expect(windows('last week', '2027-01-01')).toEqual([{ from: '2026-12-21', to: '2026-12-27' }]);
    expect(windows('上周', '2027-01-03')).toEqual([{ from: '2026-12-21', to: '2026-12-27' }]);
    expect(windows('去年', '2027-01-01')).toEqual([{ from: '2026-01-01', to: '2026-12-31' }]);
    expect(windows('3 days ago', '2028-03-01')).toEqual([day('2028-02-27')]);
    expect(windows('a month ago', '2026-03-31')).toEqual([{ from: '2026-02-01', to: '2026-02-28' }]);
  });

  it('holds at the edges: a Sunday’s week, leap years, the year turning both ways', () => {
    // Sunday is the last day of an ISO week: "last week" is the one before it.
    expect(windows('last week', '2026-12-13')).toEqual([{ from: '2026-11-30', to: '2026-12-06' }]);
    expect(windows('上周', '2026-12-14')).toEqual([{ from: '2026-12-07', to: '2026-12-13' }]);
    expect(windows('this month', '2028-02-29')).toEqual([{ from: '2028-02-01', to: '2028-02-29' }]);
    expect(windows('next month', '2026-12-31')).toEqual([{ from: '2027-01-01', to: '2027-01-31' }]);
    expect(windows('上个月', '2027-01-01')).toEqual([{ from: '2026-12-01', to: '2026-12-31' }]);
    expect(windows('去年五月', '2027-01-02')).toEqual([{ from: '2026-05-01', to: '2026-05-31' }]);
    expect(windows('in May', '2026-05-20')).toEqual([{ from: '2026-05-01', to: '2026-05-31' }]);
    expect(windows('五月', '2027-01-02')).toEqual([
      { from: '2026-05-01', to: '2026-05-31' },
      { from: '2027-05-01', to: '2027-05-31' },
    ]);
    expect(windows('最近', '2027-01-10')).toEqual([{ from: '2026-12-11', to: '2027-01-10' }]);
    expect(windows('recently', '2026-03-01')).toEqual([{ from: '2026-01-30', to: '2026-03-01' }]);
  });

  it('"yesterday" is the user’s: the same instant is another day in another time zone', () => {
    // 2026-12-07 23:30 UTC: already the 8th in Shanghai, still the 7th in Los Angeles.
    const at = Date.parse('2026-12-07T23:30:00Z');
    expect(windows('yesterday', localDay(at, 'Asia/Shanghai'))).toEqual([day('2026-12-07')]);
    expect(windows('yesterday', localDay(at, 'America/Los_Angeles'))).toEqual([day('2026-12-06')]);
    expect(windows('昨天', localDay(at, 'UTC'))).toEqual([day('2026-12-06')]);
  });

  it('a chat that goes on past midnight reads "yesterday" against the new day', () => {
    // The same chat, in Berlin: a message at 23:50 and one at 00:10 name different yesterdays.
    const before = localDay(Date.parse('2026-12-31T22:50:00Z'), 'Europe/Berlin');
    const after = localDay(Date.parse('2026-12-31T23:10:00Z'), 'Europe/Berlin');
    expect([before, after]).toEqual(['2026-12-31', '2027-01-01']);
    expect(windows('what did I do yesterday?', before)).toEqual([day('2026-12-30')]);
    expect(windows('what did I do yesterday?', after)).toEqual([day('2026-12-31')]);
    expect(windows('去年', after)).toEqual([{ from: '2026-01-01', to: '2026-12-31' }]);
  });

  it('tells a question about when from a question about what', () => {
    expect(readTimeRequest('When did I move to Berlin?', '2026-12-07').asksWhen).toBe(true);
    expect(readTimeRequest('what date is my dentist appointment', '2026-12-07').asksWhen).toBe(true);
    expect(readTimeRequest('我什么时候搬的家？', '2026-12-07').asksWhen).toBe(true);
    // 几月 asks for a month; it names none.
    expect(readTimeRequest('我几月去的日本', '2026-12-07')).toMatchObject({ windows: [], asksWhen: true });
    expect(readTimeRequest('Where do I live?', '2026-12-07').windows).toEqual([]);
    expect(readTimeRequest('推荐一个数据库', '2026-12-07').windows).toEqual([]);
  });

  it('tells a question about the user’s own doings from a plan or the world', () => {
    const recall = (text: string) => readTimeRequest(text, '2026-12-07').recall;
    for (const text of [
      'what did we talk about last week?',
      'what happened yesterday',
      'what did I decide about the car this month?',
      'where was I two weeks ago?',
      '我们上周聊了什么',
      '上周决定了什么',
      '我昨天说过什么',
    ])
      expect(recall(text), text).toBe(true);
    for (const text of [
      'help me plan my week this week',
      'fresh powder at ski resorts last week',
      '帮我列一份本月预算',
      '这几天嗓子有点疼',
    ])
      expect(recall(text), text).toBe(false);
  });

  it('names no window for words that only look like time', () => {
    expect(windows('may I ask something', '2026-12-07')).toEqual([]);
    expect(windows('a 2026-02-30 typo', '2026-12-07')).toEqual([]);
    expect(windows('马上就好', '2026-12-07')).toEqual([]);
    // 本 and 下 after a number or 一 are a measure word and "a bit", not "this" and "next".
    expect(windows('借了一本周刊', '2026-12-07')).toEqual([]);
    expect(windows('帮我看一下周报', '2026-12-07')).toEqual([]);
    expect(windows('下周末去爬山', '2026-12-07')).toEqual([{ from: '2026-12-19', to: '2026-12-20' }]);
  });

  it('reads a long pasted text only at its start and end: a document is no request about time', () => {
    const filler = 'x '.repeat(3000);
    expect(windows(`${filler} yesterday ${filler}`, '2026-12-07')).toEqual([]);
    expect(windows(`yesterday ${filler}${filler}`, '2026-12-07')).toEqual([day('2026-12-06')]);
    expect(windows(`${filler}${filler} 上个月`, '2026-12-07')).toEqual([{ from: '2026-11-01', to: '2026-11-30' }]);
  });
});
