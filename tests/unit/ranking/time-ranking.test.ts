import { describe, expect, it } from 'vitest';
import { MemoryIndex } from '../../../lib/ranking/retrieve';
import { memory } from '../helpers';

const NOW = Date.parse('2026-12-07T10:00:00Z');
const at = (iso: string) => ({ createdAt: iso, updatedAt: iso });

function index() {
  const i = new MemoryIndex();
  const rows = [
    memory(
      { content: 'Decided to use Postgres for the billing service', type: 'conclusion' },
      { id: 'old-db', ...at('2026-11-24T09:00:00Z') },
    ),
    memory(
      {
        content: 'Decided to drop Redis from the billing service and keep its cache inside the application',
        type: 'conclusion',
      },
      { id: 'week-db', ...at('2026-12-02T09:00:00Z') },
    ),
    memory(
      { content: 'Booked a dentist appointment', type: 'task' },
      { id: 'week-other', ...at('2026-12-03T09:00:00Z') },
    ),
    memory({ content: 'User moved to Berlin', type: 'fact' }),
    memory(
      { content: 'User lives near a park in Berlin', type: 'fact' },
      { id: 'park', ...at('2026-11-20T09:00:00Z') },
    ),
    memory({ content: '决定下个月换工作', type: 'conclusion' }, { id: 'zh-week', ...at('2026-12-01T09:00:00Z') }),
    memory({ content: '决定换一台笔记本电脑', type: 'conclusion' }, { id: 'zh-old', ...at('2026-09-01T09:00:00Z') }),
  ];
  for (const m of rows) i.upsert(m);
  return i;
}

const OFF = { inWindow: 0, onlyInWindow: 0, dated: 0 };
const rank = (q: string, time?: typeof OFF) =>
  index()
    .rank(q, { site: null, now: NOW, timeZone: 'UTC', time })
    .map((r) => r.memory.id);

describe('ranking a request that names a time', () => {
  it('prefers what was decided in that window over the same topic at another time', () => {
    expect(rank('what did I decide about the billing service last week?')[0]).toBe('week-db');
    expect(rank('上周决定了什么')[0]).toBe('zh-week');
    // Without the time part the older memory of the same topic comes first: the window decides.
    expect(rank('what did I decide about the billing service last week?', OFF)[0]).not.toBe('week-db');
  });

  it('finds the window’s memories for a request that names only a time', () => {
    const ids = rank('what did I do last week?');
    expect(ids).toEqual(expect.arrayContaining(['week-db', 'week-other']));
    expect(ids).not.toContain('old-db');
  });

  it('brings in nothing for a time about the world rather than the user’s doings', () => {
    // "last week" here says when the snow fell: the week's memories have nothing to do with it.
    expect(rank('fresh powder at ski resorts last week')).toEqual([]);
    expect(rank('上周滑雪场的雪况')).toEqual([]);
    // The same window asked about the user's own week brings them in.
    expect(rank('what happened last week?')).toEqual(expect.arrayContaining(['week-db', 'week-other']));
  });

  it('brings the plans dated in the window for a request about it, whatever its words', () => {
    const i = index();
    i.upsert(
      memory(
        { content: 'Flight to Lisbon', type: 'task' },
        { id: 'flight', ...at('2026-11-02T09:00:00Z'), when: '2026-12-15' },
      ),
    );
    i.upsert(
      memory(
        { content: 'Team offsite', type: 'task' },
        { id: 'later', ...at('2026-11-02T09:00:00Z'), when: '2027-02-01' },
      ),
    );
    const ask = (q: string) => i.rank(q, { site: null, now: NOW, timeZone: 'UTC' }).map((r) => r.memory.id);
    expect(ask("what's on next week?")).toEqual(['flight']);
    // "安排" reads as a request for a plan: the circumstances it depends on come too.
    expect(ask('下周有什么安排')).toContain('flight');
    expect(ask('下周有什么安排')).not.toContain('later');
    // Written this week but about no date: not a plan for next week.
    expect(ask("what's on next week?")).not.toContain('week-other');
  });

  it('prefers a dated memory for a question about when', () => {
    const i = new MemoryIndex();
    const created = at('2026-11-02T09:00:00Z');
    i.upsert(
      memory(
        { content: 'User moved to Berlin in spring', type: 'fact' },
        { id: 'moved', ...created, when: '2026-04-15' },
      ),
    );
    i.upsert(memory({ content: 'User moved to Berlin with cats', type: 'fact' }, { id: 'a-undated', ...created }));
    const first = (time?: typeof OFF) =>
      i.rank('When did I move to Berlin?', { site: null, now: NOW, time })[0]?.memory.id;
    expect(first()).toBe('moved');
    expect(first(OFF)).toBe('a-undated');
  });

  it('reads the memory’s day and the request’s in the user’s time zone, not UTC', () => {
    const i = new MemoryIndex();
    // 00:30 on 2026-12-07 in Shanghai, still the 6th in UTC.
    i.upsert(memory({ content: 'Signed the lease', type: 'fact' }, { id: 'lease', ...at('2026-12-06T16:30:00Z') }));
    const ask = (timeZone: string) =>
      i
        .rank('what did I do yesterday?', { site: null, now: Date.parse('2026-12-08T02:00:00Z'), timeZone })
        .map((r) => r.memory.id);
    expect(ask('Asia/Shanghai')).toEqual(['lease']);
    expect(ask('UTC')).toEqual([]);
  });

  it('leaves a request without time as it was: no time part', () => {
    const ranked = index().rank('billing service', { site: null, now: NOW });
    expect(ranked.every((r) => r.parts.time === undefined)).toBe(true);
  });
});
