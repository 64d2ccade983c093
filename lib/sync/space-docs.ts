/**
 * A space as it travels: one sealed record per space (`s:<space id>`), carrying its name,
 * description, switches, end date, the site projects mapped to it and the sites it is the
 * default of, so mappings and defaults travel and merge with their space. Like a memory, it
 * merges field by field (the newest change to each field wins, ties by the larger value's
 * text), and a deletion yields only to a change made after it. Pure and deterministic: every
 * device reaches the same space whatever order the revisions arrive in.
 */
import * as z from 'zod/mini';
import { type Space, SpaceSchema } from '../memory/spaces';
import { IsoDate } from '../memory/types';
import { quickHash } from './bytes';
import { canon } from './canon';
import { compact } from './clocks';
import { laterThan } from './deletion-marks';

const SPACE_FIELDS = Object.keys(SpaceSchema.shape) as (keyof Space)[];

export const spaceKey = (id: string) => `s:${id}`;
export const isSpaceKey = (key: string) => key.startsWith('s:');

/** Strict: a space document carrying anything more than these is refused as a whole. */
export const SpaceDocSchema = z.strictObject({
  k: z.literal('s'),
  id: z.string().check(z.maxLength(110)),
  rec: SpaceSchema,
  /** When each field last changed (`*`: the time most fields share). */
  clk: z.partialRecord(z.enum([...SPACE_FIELDS, '*']), IsoDate),
});
export type SpaceDoc = z.infer<typeof SpaceDocSchema>;

const clockOf = (doc: SpaceDoc, f: string): string | undefined =>
  (doc.clk as Record<string, string | undefined>)[f] ?? doc.clk['*'];

function expand(doc: SpaceDoc): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of SPACE_FIELDS) {
    const c = clockOf(doc, f);
    if (c !== undefined) out[f] = c;
  }
  return out;
}

/** What a space last synced as: a space whose hash differs changed here since. */
export const hashSpace = (s: Space): string => quickHash(canon(s));

/** A space's own id and its record id must agree: a document cannot rename another space. */
export const spaceDocHolds = (doc: SpaceDoc): boolean => doc.id === spaceKey(doc.rec.id);

/**
 * The document for a space as it is here, given the last synced one; null when nothing changed.
 * `deletedAt`: the space is back after a deletion at that time (an Undo, a backup, a memory
 * file), so it is stamped after it and a replayed deletion does not take it again.
 */
export function stampSpace(local: Space, base: SpaceDoc | null, now: string, deletedAt?: string): SpaceDoc | null {
  const id = spaceKey(local.id);
  if (!base) {
    const at = deletedAt !== undefined && local.updatedAt <= deletedAt ? laterThan(deletedAt, now) : local.updatedAt;
    return { k: 's', id, rec: { ...local }, clk: { '*': at } };
  }
  const clk = expand(base);
  let changed = false;
  for (const f of SPACE_FIELDS) {
    if (canon(local[f]) === canon(base.rec[f])) continue;
    changed = true;
    const prior = clk[f] ?? '';
    clk[f] = local.updatedAt > prior ? local.updatedAt : now > prior ? now : prior;
  }
  return changed ? { k: 's', id, rec: { ...local }, clk: compact(clk) } : null;
}

function pickSide(a: SpaceDoc, b: SpaceDoc, f: string): SpaceDoc {
  const ca = clockOf(a, f) ?? '';
  const cb = clockOf(b, f) ?? '';
  if (ca !== cb) return ca > cb ? a : b;
  return (canon(a.rec[f as keyof Space]) ?? '') >= (canon(b.rec[f as keyof Space]) ?? '') ? a : b;
}

/** Two revisions of one space written apart: each field keeps its newest change. */
export function mergeSpaces(a: SpaceDoc, b: SpaceDoc): SpaceDoc {
  const ea = expand(a);
  const eb = expand(b);
  const rec: Record<string, unknown> = {};
  const clk: Record<string, string> = {};
  for (const f of SPACE_FIELDS) {
    rec[f] = pickSide(a, b, f).rec[f];
    const c = (ea[f] ?? '') > (eb[f] ?? '') ? ea[f] : eb[f];
    if (c !== undefined) clk[f] = c;
  }
  // updatedAt follows the newest field: the project and site-default order reads it.
  const newest = [a.rec.updatedAt, b.rec.updatedAt].sort().at(-1) as string;
  return { k: 's', id: a.id, rec: { ...(rec as Space), updatedAt: newest }, clk: compact(clk) };
}

/** The latest change a space document records. */
export function lastSpaceChange(doc: SpaceDoc): string {
  return Object.values(doc.clk).sort().at(-1) ?? '';
}
