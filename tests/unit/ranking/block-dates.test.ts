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
    expect(block).toContain('- (fact · 2026-10 · past) User moved to Berlin in October 2026');
    expect(block).toContain('- (fact) User lives in Berlin');
  });

  it('marks a plan whose day is over as past, keeping its date, never as upcoming', () => {
    const plan = memory({ type: 'task', content: 'User’s interview is on 2026-11-27' }, { when: '2026-11-27' });
    setClock(() => Date.parse('2026-11-27T12:00:00Z'));
    expect(renderBlock([plan])).toContain('- (task · 2026-11-27) ');
    setClock(() => Date.parse('2026-11-28T12:00:00Z'));
    expect(renderBlock([plan])).toContain('- (task · 2026-11-27 · past) User’s interview is on 2026-11-27');
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
