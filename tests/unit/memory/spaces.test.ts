/**
 * The chat-space order (choice, mapped project, site default, none) and the reach rule: a chat
 * in a space gets its memories and Everywhere's (only its own when isolated), a chat in no space
 * Everywhere's only, never another space's; archived and ended spaces give nothing.
 */
import { describe, expect, it } from 'vitest';
import {
  ANY_SPACE,
  chatSpace,
  filterOf,
  NO_SPACE,
  passes,
  reaches,
  reachOf,
  type Space,
  SpaceSchema,
  spaceRecord,
} from '../../../lib/memory/spaces';

const T0 = '2026-12-01T00:00:00.000Z';
const NOW = Date.parse('2026-12-04T00:00:00.000Z');

function space(id: string, extra: Partial<Space> = {}): Space {
  return SpaceSchema.parse(spaceRecord({ id, name: id, ...extra }, T0));
}

const work = space('work', { projects: ['chatgpt:g-p-abc'], sites: ['claude'] });
const home = space('home');
const clientA = space('client-a', { isolated: true });

describe('chatSpace', () => {
  it('takes the choice first, then the mapped project, then the site default, else none', () => {
    const spaces = [work, home, clientA];
    expect(chatSpace({ site: 'chatgpt', choice: 'home', project: 'chatgpt:g-p-abc' }, spaces)).toEqual({
      space: 'home',
      by: 'choice',
    });
    expect(chatSpace({ site: 'chatgpt', project: 'chatgpt:g-p-abc' }, spaces)).toEqual({
      space: 'work',
      by: 'project',
    });
    expect(chatSpace({ site: 'claude', project: 'claude:other' }, spaces)).toEqual({ space: 'work', by: 'site' });
    expect(chatSpace({ site: 'gemini' }, spaces)).toEqual({ space: null, by: 'none' });
  });

  it('keeps an explicit "no space" choice over a mapping or a default', () => {
    expect(chatSpace({ site: 'claude', choice: null }, [work])).toEqual({ space: null, by: 'choice' });
  });

  it('lets a choice of a space that is gone fall to the next rule', () => {
    expect(chatSpace({ site: 'claude', choice: 'deleted' }, [work])).toEqual({ space: 'work', by: 'site' });
    expect(chatSpace({ site: 'gemini', choice: 'deleted' }, [work])).toEqual({ space: null, by: 'none' });
  });

  it('gives a project mapped in two spaces to the one changed last, on every device alike', () => {
    const a = space('a', { projects: ['claude:p1'], updatedAt: '2026-12-02T00:00:00.000Z' });
    const b = space('b', { projects: ['claude:p1'], updatedAt: '2026-12-03T00:00:00.000Z' });
    expect(chatSpace({ site: 'claude', project: 'claude:p1' }, [a, b]).space).toBe('b');
    expect(chatSpace({ site: 'claude', project: 'claude:p1' }, [b, a]).space).toBe('b');
  });
});

describe('reach', () => {
  const spaces = [work, home, clientA, space('old', { archived: true }), space('ended', { endsAt: T0 })];

  it('gives a chat in a space its own and Everywhere memories, never another space', () => {
    const r = reachOf('work', spaces, NOW);
    expect(reaches(r, 'work')).toBe(true);
    expect(reaches(r, undefined)).toBe(true);
    expect(reaches(r, 'home')).toBe(false);
    expect(reaches(r, 'client-a')).toBe(false);
  });

  it('gives an isolated space only its own', () => {
    const r = reachOf('client-a', spaces, NOW);
    expect(reaches(r, 'client-a')).toBe(true);
    expect(reaches(r, undefined)).toBe(false);
    expect(reaches(r, 'work')).toBe(false);
  });

  it('gives a chat in no space, or in a space that is gone, Everywhere only', () => {
    for (const r of [NO_SPACE, reachOf(null, spaces, NOW), reachOf('deleted', spaces, NOW)]) {
      expect(reaches(r, undefined)).toBe(true);
      expect(reaches(r, 'work')).toBe(false);
      expect(reaches(r, 'deleted')).toBe(false);
    }
  });

  it('uses no memory of an archived or ended space, even in its own chats', () => {
    expect(reaches(reachOf('old', spaces, NOW), 'old')).toBe(false);
    expect(reaches(reachOf('ended', spaces, NOW), 'ended')).toBe(false);
    expect(reaches(reachOf('ended', spaces, Date.parse(T0) - 1), 'ended')).toBe(true);
  });

  it('says the same as a ranking filter', () => {
    for (const id of ['work', 'client-a', 'old', null]) {
      const r = reachOf(id, spaces, NOW);
      for (const m of [undefined, 'work', 'home', 'client-a', 'old'])
        expect(passes(filterOf(r), m), `${id} ${m}`).toBe(reaches(r, m));
    }
    expect(passes(ANY_SPACE, 'old')).toBe(true);
  });
});

describe('SpaceSchema', () => {
  it('bounds names and descriptions and refuses a blank name', () => {
    expect(() => space('x', { name: 'n'.repeat(61) })).toThrow();
    expect(() => space('x', { description: 'd'.repeat(301) })).toThrow();
    expect(() => space('x', { name: '   ' })).toThrow();
    expect(() => space('x y')).toThrow();
    expect(space('x', { name: '客户 A' }).name).toBe('客户 A');
  });
});
