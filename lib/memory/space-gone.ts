/**
 * A memory whose space does not exist here (deleted on this or another device, a memory file
 * naming a space it does not define, a space that has not arrived yet) must never act as an
 * Everywhere memory: it waits in review, proposed with the reason `space-gone`, keeping the
 * space it names. The change is its own inverse: once that space exists here again, `spaceBack`
 * gives the memory back exactly as it was, so a space arriving after its memories (a later
 * batch, a later round) leaves no trace.
 */
import type { SpaceId } from './spaces';
import type { MemoryRecord } from './types';

type Placed = Pick<MemoryRecord, 'space' | 'status' | 'proposal'>;

const REASON = 'space-gone';

/** The memory as it waits when its space is not among `spaces`; the same memory when it is. */
export function inMissingSpace<M extends Placed>(m: M, spaces: ReadonlySet<SpaceId>): M {
  if (m.space === undefined || spaces.has(m.space)) return m;
  if (m.status === 'active') return { ...m, status: 'proposed', proposal: { reasons: [REASON] } };
  if (m.status !== 'proposed') return m;
  const reasons = m.proposal?.reasons ?? [];
  if (reasons.includes(REASON)) return m;
  return { ...m, proposal: { ...m.proposal, reasons: [...reasons, REASON] } };
}

/** Whether the memory waits only because its space was missing. */
export const waitsForSpace = (m: Placed): boolean =>
  m.status === 'proposed' && (m.proposal?.reasons ?? []).includes(REASON);

/** The memory as it was before its space went missing (its space exists again). */
export function spaceBack<M extends Placed>(m: M): M {
  if (!waitsForSpace(m)) return m;
  const reasons = (m.proposal?.reasons ?? []).filter((r) => r !== REASON);
  if (reasons.length === 0 && m.proposal?.changes === undefined) {
    const { proposal: _gone, ...rest } = m;
    return { ...rest, status: 'active' } as M;
  }
  return { ...m, proposal: { ...m.proposal, reasons } };
}
