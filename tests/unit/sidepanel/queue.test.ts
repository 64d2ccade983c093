import { describe, expect, it } from 'vitest';
import { costText } from '../../../components/usage-meter';
import { DONE_SHOWN, groupJobs, totals } from '../../../entrypoints/sidepanel/models/queue';
import { plainReason } from '../../../entrypoints/sidepanel/models/queue-reasons';
import type { QueueRow } from '../../../lib/db/panel-reads';
import type { Job } from '../../../lib/memory/types';

const row = (state: Job['state'], i = 0) => ({ job: { id: `j${i}`, state } as Job, chat: null }) as QueueRow;

describe('queue model', () => {
  it('groups jobs by state and shows only the latest done ones', () => {
    const rows = [row('pending', 1), row('failed', 2), ...Array.from({ length: 30 }, (_, i) => row('done', 10 + i))];
    const g = groupJobs(rows);
    expect(g.pending).toHaveLength(1);
    expect(g.failed).toHaveLength(1);
    expect(g.running).toHaveLength(0);
    expect(g.done).toHaveLength(DONE_SHOWN);
  });

  it('adds up tokens and cost for a day or a month', () => {
    const usage = [
      { day: '2026-11-30', inputTokens: 1000, outputTokens: 100, costUsd: 0.01, calls: 2 },
      { day: '2026-11-02', inputTokens: 500, outputTokens: 50, costUsd: 0.005, calls: 1 },
      { day: '2026-10-31', inputTokens: 9, outputTokens: 9, costUsd: 9, calls: 9 },
    ];
    expect(totals(usage, '2026-11-30')).toEqual({
      tokens: 1100,
      costUsd: 0.01,
      costCny: 0,
      unpricedTokens: 0,
      calls: 2,
    });
    expect(totals(usage, '2026-11')).toMatchObject({ tokens: 1650, calls: 3 });
  });

  it('keeps each currency apart and counts unpriced tokens, never as money', () => {
    const usage = [
      { day: '2026-11-30', inputTokens: 1000, outputTokens: 100, costUsd: 0.01, calls: 1 },
      { day: '2026-11-29', inputTokens: 2000, outputTokens: 200, costUsd: 0, costCny: 0.02, calls: 1 },
      { day: '2026-11-28', inputTokens: 300, outputTokens: 30, costUsd: 0, unpricedTokens: 330, calls: 1 },
    ];
    const month = totals(usage, '2026-11');
    expect(month).toMatchObject({ tokens: 3630, costUsd: 0.01, costCny: 0.02, unpricedTokens: 330 });
    expect(costText(month)).toBe('$0.01 + CN¥0.02 + 330 tokens at an unknown price');
    expect(costText(totals(usage, '2026-11-28'))).toBe('price unknown');
    expect(costText(totals(usage, '2026-10'))).toBe('$0.00');
  });

  it('says why a job failed in plain words', () => {
    expect(plainReason('401 {"error":{"type":"authentication_error","message":"invalid x-api-key"}}')).toBe(
      'reason.badKey',
    );
    expect(plainReason('429 rate_limit_error')).toBe('reason.rateLimited');
    expect(plainReason('529 overloaded_error')).toBe('reason.overloaded');
    expect(plainReason('503 Service Unavailable')).toBe('reason.server');
    expect(plainReason('Connection error. fetch failed')).toBe('reason.network');
    expect(plainReason('404 model: claude-nope not_found_error')).toBe('reason.notFound');
    expect(plainReason('daily token cap reached')).toBe('reason.cap');
    expect(plainReason('answer did not match the schema twice')).toBe('reason.badAnswer');
    expect(plainReason('no API key set')).toBe('reason.noKey');
    expect(plainReason('something odd')).toBe('reason.other');
    expect(plainReason(null)).toBe('reason.unknown');
  });
});
