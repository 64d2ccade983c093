/**
 * Runs long work in the background with progress, cancellation and a one-at-a-time rule
 * (per lane, see WORK_LANES). The work body reports counts through its handle; reports are
 * throttled to about ten a second and every phase change, start and end goes out at once.
 * Cancelling only sets a flag: the body sees it at its next `checkpoint()`, which throws
 * WorkCancelled, so work that commits in one transaction is either whole or absent. Once the
 * body calls `committing()`, cancelling is refused: the commit is already under way.
 * Pure of browser APIs: the background wires `onWorkProgress` to the panel.
 */
import { WORK_LANES, type WorkKind, type WorkPhase, type WorkProgress } from './progress';

export class WorkBusy extends Error {
  override name = 'WorkBusy';
  constructor(readonly running: WorkProgress) {
    super(`${running.kind} is already running (${running.done}/${running.total}); wait for it or cancel it first`);
  }
}

export class WorkCancelled extends Error {
  override name = 'WorkCancelled';
  constructor(readonly kind: WorkKind) {
    super(`${kind} cancelled; nothing was changed`);
  }
}

export interface WorkHandle {
  readonly signal: AbortSignal;
  /** `unit`: what the counts are, when not items (a file's bytes). */
  phase(phase: WorkPhase, total?: number, unit?: 'bytes'): void;
  /** Sets the count done (of the current phase's total). */
  set(done: number): void;
  advance(by?: number): void;
  /** Throws WorkCancelled if the user cancelled. Call it between chunks. */
  checkpoint(): void;
  /** From here on the work commits: cancel is refused and the bar says so. */
  committing(): void;
}

type Listener = (progress: WorkProgress) => void;

const THROTTLE_MS = 100;
const running = new Map<string, Run>();
const listeners = new Set<Listener>();
let clock: () => number = () => Date.now();

class Run implements WorkHandle {
  readonly controller = new AbortController();
  readonly started = clock();
  private lastSent = 0;
  progress: WorkProgress;

  constructor(kind: WorkKind) {
    this.progress = {
      kind,
      runId: `${kind}-${this.started.toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      state: 'running',
      phase: 'start',
      done: 0,
      total: 0,
      cancellable: true,
      startedAt: new Date(this.started).toISOString(),
      elapsedMs: 0,
    };
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  phase(phase: WorkPhase, total?: number, unit?: 'bytes'): void {
    this.update({ phase, done: 0, ...(total !== undefined ? { total } : {}), ...(unit ? { unit } : {}) }, true);
  }

  set(done: number): void {
    this.update({ done: Math.min(done, this.progress.total) }, false);
  }

  advance(by = 1): void {
    this.set(this.progress.done + by);
  }

  checkpoint(): void {
    if (this.controller.signal.aborted) throw new WorkCancelled(this.progress.kind);
  }

  committing(): void {
    this.checkpoint();
    this.update({ cancellable: false }, true);
  }

  end(state: WorkProgress['state']): void {
    this.update({ state, phase: 'finish', done: this.progress.total, cancellable: false }, true);
  }

  private update(patch: Partial<WorkProgress>, force: boolean): void {
    const at = clock();
    this.progress = { ...this.progress, ...patch, elapsedMs: Math.max(0, at - this.started) };
    if (!force && at - this.lastSent < THROTTLE_MS) return;
    this.lastSent = at;
    for (const listener of listeners) listener(this.progress);
  }
}

function laneBusy(kind: WorkKind): Run | undefined {
  const lane = WORK_LANES[kind];
  return [...running.values()].find((r) => WORK_LANES[r.progress.kind] === lane);
}

/**
 * Runs `body` as tracked work of `kind`. Throws WorkBusy at once if work of the same lane is
 * running; rethrows the body's error (WorkCancelled when cancelled) after reporting the end.
 */
export async function runWork<T>(kind: WorkKind, body: (work: WorkHandle) => Promise<T>): Promise<T> {
  const busy = laneBusy(kind);
  if (busy) throw new WorkBusy(busy.progress);
  const run = new Run(kind);
  running.set(kind, run);
  run.phase('start');
  try {
    const result = await body(run);
    run.end('done');
    return result;
  } catch (error) {
    run.end(error instanceof WorkCancelled || run.signal.aborted ? 'cancelled' : 'failed');
    throw error instanceof Error && run.signal.aborted && !(error instanceof WorkCancelled)
      ? new WorkCancelled(kind)
      : error;
  } finally {
    running.delete(kind);
  }
}

/** Asks the running work of `kind` to stop; false if none runs or it is already committing. */
export function cancelWork(kind: WorkKind): boolean {
  const run = running.get(kind);
  if (!run?.progress.cancellable) return false;
  run.controller.abort(new WorkCancelled(kind));
  return true;
}

export function runningWork(): WorkProgress[] {
  return [...running.values()].map((r) => r.progress);
}

export function onWorkProgress(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Lets the event loop run (a cancel message, a progress send) between chunks of work. */
export function breathe(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Tests pin the clock to make throttling deterministic; `null` restores the real one. */
export function setWorkClock(fn: (() => number) | null): void {
  clock = fn ?? (() => Date.now());
}
