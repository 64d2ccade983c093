/**
 * Long work as the panel sees it: the background broadcasts progress events (lib/work), this
 * model keeps the latest per kind. `track` wraps a request that starts work: it marks the
 * kind busy at once (buttons disable before the first report arrives), and clears it when
 * the request settles. A panel opened mid-run asks `work.status` once. Work the panel does
 * itself (reading a chosen file) is tracked here with `trackHere`, and cancelled here too.
 */
import { signal } from '@preact/signals';
import { t } from '../../../lib/i18n';
import { MessageError } from '../../../lib/protocol/define';
import { send } from '../../../lib/protocol/panel-send';
import { WORK_LANES, type WorkKind, type WorkPhase, type WorkProgress } from '../../../lib/work/progress';
import { onPanelEvent } from './background-events';
import { fail, messageOf, say } from './notice';

export const work = signal<Readonly<Partial<Record<WorkKind, WorkProgress>>>>({});

const closedRuns = new Set<string>();

function put(kind: WorkKind, progress: WorkProgress | undefined): void {
  const next = { ...work.value };
  if (progress) next[kind] = progress;
  else delete next[kind];
  work.value = next;
}

function receive(progress: WorkProgress): void {
  if (closedRuns.has(progress.runId)) return;
  if (progress.state !== 'running') {
    closedRuns.add(progress.runId);
    put(progress.kind, undefined);
    return;
  }
  put(progress.kind, progress);
}

/** True while work of this kind, or of another kind in the same lane, runs. */
export function busy(kind: WorkKind): boolean {
  const lane = WORK_LANES[kind];
  return Object.values(work.value).some((p) => p && WORK_LANES[p.kind] === lane);
}

function localStart(kind: WorkKind): WorkProgress {
  return {
    kind,
    runId: `local-${kind}`,
    state: 'running',
    phase: 'start',
    done: 0,
    total: 0,
    cancellable: false,
    startedAt: new Date().toISOString(),
    elapsedMs: 0,
  };
}

/** Runs `start` (the request that does the work) with the kind marked busy meanwhile. */
export async function track<T>(kind: WorkKind, start: () => Promise<T>): Promise<T> {
  if (busy(kind)) throw new Error(`${kind} is already running`);
  put(kind, localStart(kind));
  try {
    return await start();
  } finally {
    const seen = work.value[kind];
    if (seen) closedRuns.add(seen.runId);
    put(kind, undefined);
  }
}

/** Cancels of work running in the panel itself, by kind. */
const here = new Map<WorkKind, AbortController>();

export type ReportHere = (phase: WorkPhase, done: number, total: number, unit?: 'bytes') => void;

/**
 * Runs work in the panel itself (not a request to the background) with a bar and a Cancel
 * button: `body` reports its steps and stops when `signal` aborts. Same one-at-a-time rule.
 */
export async function trackHere<T>(
  kind: WorkKind,
  body: (report: ReportHere, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  if (busy(kind)) throw new Error(`${kind} is already running`);
  const controller = new AbortController();
  const started = Date.now();
  const runId = `panel-${kind}-${started.toString(36)}`;
  const report: ReportHere = (phase, done, total, unit) => {
    if (controller.signal.aborted) return;
    const progress: WorkProgress = {
      kind,
      runId,
      state: 'running',
      phase,
      done,
      total,
      cancellable: true,
      startedAt: new Date(started).toISOString(),
      elapsedMs: Math.max(0, Date.now() - started),
    };
    put(kind, unit ? { ...progress, unit } : progress);
  };
  here.set(kind, controller);
  report('start', 0, 0);
  try {
    return await body(report, controller.signal);
  } finally {
    here.delete(kind);
    closedRuns.add(runId);
    put(kind, undefined);
  }
}

/** A cancelled run is news, not an error: says so and returns true; false for anything else. */
export function saidCancelled(kind: WorkKind, error: unknown): boolean {
  if (!(error instanceof MessageError && error.code === 'cancelled')) return false;
  say(() => t('work.cancelled', { what: t(`work.kind.${kind}`) }));
  return true;
}

export async function cancelWork(kind: WorkKind): Promise<void> {
  const local = here.get(kind);
  if (local) {
    local.abort();
    return;
  }
  try {
    await send('work.cancel', { kind });
  } catch (error) {
    fail(messageOf(error));
  }
}

export function startWorkModel(): () => void {
  const stop = onPanelEvent((event) => {
    if (event.type === 'work.progress') receive(event.progress);
  });
  void send('work.status', {})
    .then(({ running }) => {
      for (const p of running) if (!work.value[p.kind]) receive(p);
    })
    .catch(() => {});
  return stop;
}
