/**
 * What a pull may store in the mirror. The mirror shares the extension's storage with the
 * memory store, so every document the server sends is checked before PouchDB stores it: the
 * envelope exactly (an id, a revision, a sealed body under the size bound; or a deletion; or
 * the key parameters), nothing more (no attachments, no padding fields). A document failing
 * is refused unstored and counted. A pull also stops storing past a byte budget: the round
 * applies (and clears out) what came, and says the server sent more than a round takes.
 */
import * as z from 'zod/mini';
import { ServerDocSchema } from './codec';
import { PARAMS_ID, ParamsDocSchema } from './params';
import type { Db } from './pouch-types';

/** What one pull may store; a first sync of a large chat history goes on over the next rounds. */
const PULL_BUDGET_BYTES = 64 * 1024 * 1024;

const RevisionsSchema = z.strictObject({
  start: z.int(),
  ids: z.array(z.string().check(z.maxLength(64))).check(z.maxLength(1000)),
});
const Rev = z.optional(z.string().check(z.maxLength(80)));
const PulledSchema = z.union([
  z.extend(ServerDocSchema, { _rev: Rev, _revisions: z.optional(RevisionsSchema) }),
  z.strictObject({
    _id: z.string().check(z.maxLength(100)),
    _rev: Rev,
    _revisions: z.optional(RevisionsSchema),
    _deleted: z.literal(true),
  }),
]);
const PulledParamsSchema = z.strictObject({
  ...ParamsDocSchema.shape,
  _rev: Rev,
  _revisions: z.optional(RevisionsSchema),
});
/** The key parameters and the key check take a few hundred bytes; padding inside them is refused too. */
const MAX_PARAMS_CHARS = 4096;

/** A pull that stopped at its budget. */
export class MirrorFull extends Error {
  override name = 'mirror_full';
  readonly status = 507;
}

interface PullState {
  budget: number;
  bytes: number;
  /** `id@rev` of each document refused (cut short: a refused id may be of any length). */
  refused: string[];
  full: boolean;
}

/** Refusals named per pull; more are refused all the same, only not named. */
const MAX_NAMED = 2000;
const refOf = (doc: Record<string, unknown>) => `${String(doc._id).slice(0, 100)}@${String(doc._rev).slice(0, 80)}`;

const states = new WeakMap<Db, PullState>();

/** Whether the server's document may be stored as it is. */
function storable(doc: unknown): boolean {
  if ((doc as { _id?: unknown })?._id === PARAMS_ID)
    return PulledParamsSchema.safeParse(doc).success && JSON.stringify(doc).length <= MAX_PARAMS_CHARS;
  return PulledSchema.safeParse(doc).success;
}

type BulkDocs = (...args: unknown[]) => Promise<unknown[]>;

/** The mirror with its gate: replication writes (new_edits false) pass the checks first. */
export function gateMirror(db: Db, budget = PULL_BUDGET_BYTES): Db {
  const state: PullState = { budget, bytes: 0, refused: [], full: false };
  states.set(db, state);
  const target = db as unknown as { bulkDocs: BulkDocs };
  const write = target.bulkDocs.bind(db) as BulkDocs;
  // PouchDB reads a callback from the last argument: every other call goes on exactly as made.
  target.bulkDocs = async (...args) => {
    const [req, opts] = args;
    const r = req as { docs?: Record<string, unknown>[]; new_edits?: boolean };
    if (args.length !== 2 || r.new_edits !== false || !Array.isArray(r.docs) || typeof opts === 'function')
      return write(...args);
    const kept: Record<string, unknown>[] = [];
    const refused: unknown[] = [];
    for (const doc of r.docs) {
      if (!storable(doc)) {
        // A design document is CouchDB's own (the server's admin may keep one): not ours to store, not counted.
        if (!String(doc._id).startsWith('_design/') && state.refused.length < MAX_NAMED) state.refused.push(refOf(doc));
        refused.push({ id: doc._id, error: 'forbidden', name: 'forbidden', status: 403, reason: 'refused unstored' });
        continue;
      }
      const bytes = JSON.stringify(doc).length;
      // Past the budget: what fits is stored and the pull stops unrecorded, so the rest is asked
      // for again next round (the first document of a pull always fits: the budget is far above
      // the bound of one).
      if (state.bytes + bytes > state.budget && state.bytes > 0) {
        state.full = true;
        break;
      }
      state.bytes += bytes;
      kept.push(doc);
    }
    const res = kept.length ? await write({ ...r, docs: kept }, opts) : [];
    if (state.full) throw new MirrorFull('the server sent more than one round takes');
    return [...res, ...refused];
  };
  return db;
}

/** Starts counting a pull into this mirror. */
export function pullStarted(db: Db): void {
  const s = states.get(db);
  if (s) Object.assign(s, { bytes: 0, refused: [], full: false });
}

/** What the gate refused in this pull, and whether it stopped at its budget. */
export function pullChecked(db: Db): { refused: readonly string[]; full: boolean } {
  const s = states.get(db);
  return { refused: s?.refused ?? [], full: s?.full ?? false };
}
