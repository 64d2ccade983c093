import { afterEach, describe, expect, it } from 'vitest';
import { fitToBudget, lineTokens, renderBlock } from '../../../lib/ranking/render';
import { setClock } from '../../../lib/time';
import { memory } from '../helpers';

afterEach(() => setClock(null));

describe('dates in the block', () => {
  it('shows a dated memory’s day beside its type, and nothing for an undated one', () => {
    setClock(() => Date.parse('2026-11-20T12:00:00Z'));
    const block = renderBlock([
      memory({ type: 'task', content: 'User’s interview is on 2026-11-27' }, { when: '2026-11-27' }),
      memory({ type: 'fact', content: 'User moved to Berlin in October 2026' }, { when: '2026-10-01/2026-10-31' }),
      memory({ type: 'fact', content: 'User lives in Berlin' }),
    ]);
    expect(block).toContain('- (task · 2026-11-27) User’s interview is on 2026-11-27');
    // Behind it when written: an event recalled, never a plan, so never marked past.
    expect(block).toContain('- (fact · 2026-10) User moved to Berlin in October 2026');
    expect(block).toContain('- (fact) User lives in Berlin');
  });

  it('marks a plan whose day is over as past, keeping its date, never as upcoming', () => {
    const plan = memory({ type: 'task', content: 'User’s interview is on 2026-11-27' }, { when: '2026-11-27' });
    setClock(() => Date.parse('2026-11-27T12:00:00Z'));
    expect(renderBlock([plan])).toContain('- (task · 2026-11-27) ');
    setClock(() => Date.parse('2026-11-28T12:00:00Z'));
    expect(renderBlock([plan])).toContain('- (task · 2026-11-27 · past) User’s interview is on 2026-11-27');
  });

  it('marks past only what was a plan: a task, or a day still ahead when it was written', () => {
    setClock(() => Date.parse('2026-11-20T12:00:00Z'));
    const plannedFact = memory(
      { type: 'fact', content: 'User’s flight to Lisbon is on 2026-11-22' },
      { when: '2026-11-22' },
    );
    const decided = memory({ type: 'conclusion', content: 'Chose Postgres on 2026-11-18' }, { when: '2026-11-18' });
    const lateTask = memory({ type: 'task', content: 'Renew the passport by 2026-11-01' }, { when: '2026-11-01' });
    setClock(() => Date.parse('2026-11-30T12:00:00Z'));
    const block = renderBlock([plannedFact, decided, lateTask]);
    expect(block).toContain('- (fact · 2026-11-22 · past) User’s flight');
    // A decision dated when it was made never reads as "no longer so".
    expect(block).toContain('- (conclusion · 2026-11-18) Chose Postgres');
    expect(block).toContain('- (task · 2026-11-01 · past) Renew the passport');
  });

  it('sends the date through the same privacy exit as the text', () => {
    setClock(() => Date.parse('2026-11-20T12:00:00Z'));
    const dated = memory({ type: 'task', content: 'Court hearing on 2026-11-27' }, { when: '2026-11-27' });
    const patterns = [{ label: 'hearing day', pattern: '2026-11-27' }];
    const block = renderBlock([dated], undefined, [], patterns);
    expect(block).not.toContain('2026-11-27');
    expect(block).toContain('(task · [redacted: hearing day]) Court hearing on [redacted: hearing day]');
  });

  it('counts the date against the same budget', () => {
    setClock(() => Date.parse('2026-11-20T12:00:00Z'));
    const dated = memory({ type: 'task', content: 'Dentist on 2026-11-27' }, { when: '2026-11-27' });
    const plain = memory({ type: 'task', content: 'Dentist on 2026-11-27' });
    expect(lineTokens(dated)).toBeGreaterThan(lineTokens(plain));
    const budget = lineTokens(plain) * 3;
    const kept = fitToBudget(
      [dated, dated, dated, dated].map((m, i) => ({ memory: { ...m, id: String(i) } })),
      budget,
    );
    expect(kept.length).toBeLessThan(4);
  });
});
