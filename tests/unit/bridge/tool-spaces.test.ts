/**
 * Which spaces desktop tools may read, and a space named by a tool (lib/bridge/spaces.ts): the
 * rules without the bridge around them.
 */
import { describe, expect, it } from 'vitest';
import { SPACE_NAME_TWICE, toolSpaceNamed, toolSpaces, UNKNOWN_SPACE } from '../../../lib/bridge/spaces';
import type { Space } from '../../../lib/memory/spaces';

const AT = '2026-11-01T00:00:00.000Z';
const NOW = Date.parse('2026-12-01T00:00:00.000Z');
function space(id: string, name: string, over: Partial<Space> = {}): Space {
  const base = { description: '', isolated: false, archived: false, endsAt: null, projects: [], sites: [] };
  return { id, name, ...base, createdAt: AT, updatedAt: AT, ...over };
}

describe('the spaces desktop tools may read', () => {
  it('unticked: readable unless isolated; ticked or unticked as the user says; archived or ended never', () => {
    const all = [
      space('a', 'Work'),
      space('b', 'Client', { isolated: true }),
      space('c', 'Home'),
      space('d', 'Course', { archived: true }),
      space('e', 'Contract', { endsAt: '2026-11-15T00:00:00.000Z' }),
    ];
    expect(toolSpaces(all, {}, NOW).map((s) => s.id)).toEqual(['a', 'c']);
    const ticks = { a: false, b: true, d: true, e: true };
    expect(toolSpaces(all, ticks, NOW).map((s) => s.id)).toEqual(['b', 'c']);
  });

  it('finds a space by its name in any case or width, and refuses a name two readable spaces share', () => {
    const readable = [space('a', 'Work'), space('b', 'Ｈｏｍｅ'), space('c', 'Client'), space('d', 'client ')];
    expect(toolSpaceNamed('  work ', readable)).toMatchObject({ ok: true, space: { id: 'a' } });
    expect(toolSpaceNamed('home', readable)).toMatchObject({ ok: true, space: { id: 'b' } });
    expect(toolSpaceNamed('Client', readable)).toEqual({ ok: false, message: SPACE_NAME_TWICE });
    expect(toolSpaceNamed('Garden', readable)).toEqual({ ok: false, message: UNKNOWN_SPACE });
  });
});
