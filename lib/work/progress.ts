/**
 * What long work looks like from the outside: its kind, phase and counts. Shared by the
 * background (which runs the work) and the side panel (which draws the bar). zod/mini only.
 */
import * as z from 'zod/mini';

/** Every long-running action the panel can start. */
export const WORK_KINDS = [
  'import',
  'export',
  'restore',
  'bringIn',
  'history',
  'refine',
  'keywords',
  'tidy',
  'sync',
] as const;
export type WorkKind = (typeof WORK_KINDS)[number];

/**
 * Work of one lane never runs twice at once. Everything that rewrites memories shares the
 * `store` lane, so an import cannot interleave with a restore; reading (export) and model
 * calls run beside them, one of each at a time.
 */
export const WORK_LANES: Readonly<Record<WorkKind, 'store' | 'read' | 'model'>> = {
  import: 'store',
  restore: 'store',
  bringIn: 'store',
  // Chat history from a site's export: it writes chats, which a restore would replace.
  history: 'store',
  export: 'read',
  refine: 'model',
  keywords: 'model',
  tidy: 'model',
  // The first sync writes memories: never beside an import or a restore.
  sync: 'store',
};

/** Steps a piece of work goes through; the panel names them. */
export const WORK_PHASES = ['start', 'read', 'parse', 'check', 'backup', 'merge', 'write', 'call', 'finish'] as const;
export type WorkPhase = (typeof WORK_PHASES)[number];

const WORK_STATES = ['running', 'done', 'cancelled', 'failed'] as const;

export const WorkProgressSchema = z.object({
  kind: z.enum(WORK_KINDS),
  /** One run; a new run of the same kind gets a new id. */
  runId: z.string().check(z.maxLength(100)),
  state: z.enum(WORK_STATES),
  phase: z.enum(WORK_PHASES),
  done: z.int().check(z.minimum(0)),
  total: z.int().check(z.minimum(0)),
  /** False once the work has started to commit: cancelling then would change nothing. */
  cancellable: z.boolean(),
  startedAt: z.string(),
  /** Milliseconds since the run started, at this report. */
  elapsedMs: z.int().check(z.minimum(0)),
  /** What `done` and `total` count: items (the default), or bytes of a file being read. */
  unit: z.optional(z.enum(['bytes'])),
});
export type WorkProgress = z.infer<typeof WorkProgressSchema>;
