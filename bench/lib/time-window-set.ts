/**
 * The time-window set, built at run time from a benchmark file's dated memories: requests that
 * name a relative time ("yesterday", "last week", "上个月", "五月份"), each asked on a day from
 * which that time is one of the days the file's memories were written, and whose relevant
 * memories are exactly those written then. The windows are computed here with plain date
 * arithmetic, independently of the product's resolver, so a resolver mistake shows as a miss.
 * Two kinds: `time only` (the request names nothing but a time) and `topic + time` (one of the
 * file's own queries whose relevant memories were all written on one day, with the time put
 * before it). Memories written after the request's day are left out of its store.
 */
import type { BenchCase } from './dataset';

export type Lang = 'en' | 'zh';
export type Kind = 'time only' | 'topic + time';

export interface WindowRequest {
  id: string;
  text: string;
  /** The day the request is asked (UTC: the bench runs in UTC days). */
  now: number;
  relevant: string[];
  /** Memories written after `now`: not in the store yet. */
  future: string[];
  lang: Lang;
  kind: Kind;
}

const DAY = 86_400_000;

interface Phrase {
  en: string;
  zh: string;
  /** The day to ask on, from the day the memories were written (ms at 00:00 UTC). */
  askOn: (written: number) => number;
  /** First and last day of the window containing `written`. */
  window: (written: number) => [number, number];
}

function isoWeek(day: number): [number, number] {
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // 0 = Monday
  return [day - weekday * DAY, day + (6 - weekday) * DAY];
}

function month(day: number): [number, number] {
  const d = new Date(day);
  return [Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1), Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)];
}

const EN_MONTHS = 'January February March April May June July August September October November December'.split(' ');
const ZH_MONTHS = '一 二 三 四 五 六 七 八 九 十 十一 十二'.split(' ');
const monthOf = (day: number) => new Date(day).getUTCMonth();

function phrases(written: number): Phrase[] {
  return [
    { en: 'yesterday', zh: '昨天', askOn: (d) => d + DAY, window: (d) => [d, d] },
    { en: '3 days ago', zh: '三天前', askOn: (d) => d + 3 * DAY, window: (d) => [d, d] },
    { en: 'last week', zh: '上周', askOn: (d) => isoWeek(d)[1] + 3 * DAY, window: isoWeek },
    { en: 'last month', zh: '上个月', askOn: (d) => month(d)[1] + 10 * DAY, window: month },
    {
      en: `in ${EN_MONTHS[monthOf(written)]}`,
      zh: `${ZH_MONTHS[monthOf(written)]}月份`,
      askOn: (d) => month(d)[1] + 45 * DAY,
      window: month,
    },
  ];
}

const TIME_ONLY: Record<Lang, (phrase: string) => string> = {
  en: (p) => `What did we talk about ${p}?`,
  zh: (p) => `我们${p}聊了些什么？`,
};

function dayOf(iso: string): number {
  return Date.parse(`${iso.slice(0, 10)}T00:00:00.000Z`);
}

function split(c: BenchCase, askedOn: number): { inStore: (id: string) => boolean; future: string[] } {
  const future = c.memories.filter((m) => Date.parse(m.createdAt) >= askedOn + DAY).map((m) => m.id);
  const gone = new Set(future);
  return { inStore: (id) => !gone.has(id), future };
}

function timeOnly(c: BenchCase, langs: readonly Lang[]): WindowRequest[] {
  const days = [...new Set(c.memories.map((m) => dayOf(m.createdAt)))].sort((a, b) => a - b);
  const out: WindowRequest[] = [];
  for (const written of days) {
    for (const [p, phrase] of phrases(written).entries()) {
      const now = phrase.askOn(written);
      const [from, to] = phrase.window(written);
      const { future } = split(c, now);
      const relevant = c.memories
        .filter((m) => dayOf(m.createdAt) >= from && dayOf(m.createdAt) <= to)
        .map((m) => m.id);
      for (const lang of langs) {
        out.push({
          id: `${c.id}/t/${written}/${p}/${lang}`,
          text: TIME_ONLY[lang](phrase[lang]),
          now: now + 12 * 3_600_000,
          relevant,
          future,
          lang,
          kind: 'time only',
        });
      }
    }
  }
  // One request per window: "last month" asked from each day of a month is the same request.
  const seen = new Set<string>();
  return out.filter((r) => {
    const key = `${r.text}|${r.relevant.join(',')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function topicAndTime(c: BenchCase, lang: Lang): WindowRequest[] {
  const written = new Map(c.memories.map((m) => [m.id, dayOf(m.createdAt)]));
  const out: WindowRequest[] = [];
  for (const q of c.queries) {
    const days = new Set(q.relevant.map((id) => written.get(id)));
    const [day] = [...days];
    if (days.size !== 1 || day === undefined || q.relevant.length === 0) continue;
    for (const [p, phrase] of phrases(day).entries()) {
      if (p !== 2 && p !== 3) continue; // last week, last month: the windows people name most
      const now = phrase.askOn(day);
      const text =
        lang === 'en' ? `${phrase.en[0]?.toUpperCase()}${phrase.en.slice(1)}, ${q.text}` : `${phrase.zh}，${q.text}`;
      out.push({
        id: `${q.id}/w${p}`,
        text,
        now: now + 12 * 3_600_000,
        relevant: q.relevant,
        future: split(c, now).future,
        lang,
        kind: 'topic + time',
      });
    }
  }
  return out;
}

/** The set for one case: time-only requests in both languages, the file's queries with a time in its own. */
export function timeWindowRequests(c: BenchCase, fileLang: Lang): WindowRequest[] {
  return [...timeOnly(c, ['en', 'zh']), ...topicAndTime(c, fileLang)];
}
