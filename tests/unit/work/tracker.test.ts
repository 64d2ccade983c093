import { afterEach, describe, expect, it } from 'vitest';
import type { WorkProgress } from '../../../lib/work/progress';
import {
  breathe,
  cancelWork,
  onWorkProgress,
  runningWork,
  runWork,
  setWorkClock,
  WorkBusy,
  WorkCancelled,
} from '../../../lib/work/tracker';

let clock = 0;
afterEach(() => setWorkClock(null));

function record(): { seen: WorkProgress[]; stop: () => void } {
  const seen: WorkProgress[] = [];
  const stop = onWorkProgress((p) => seen.push(p));
  return { seen, stop };
}

describe('long work tracker', () => {
  it('reports start, throttled counts, phase changes and the end', async () => {
    setWorkClock(() => clock);
    const { seen, stop } = record();
    await runWork('import', async (work) => {
      work.phase('check', 1000);
      for (let i = 1; i <= 1000; i++) {
        clock += 1; // 1 ms per item: ~one report per 100 items
        work.set(i);
      }
      work.committing();
      work.phase('write', 1000);
      work.set(1000);
    });
    stop();
    const counts = seen.filter((p) => p.phase === 'check').map((p) => p.done);
    expect(counts.length).toBeGreaterThanOrEqual(9);
    expect(counts.length).toBeLessThanOrEqual(12);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(seen[0]).toMatchObject({ kind: 'import', phase: 'start', state: 'running', cancellable: true });
    expect(seen.at(-1)).toMatchObject({ state: 'done', phase: 'finish', cancellable: false });
    expect(seen.find((p) => p.phase === 'write')?.cancellable).toBe(false);
    expect(runningWork()).toEqual([]);
  });

  it('refuses a second run in the same lane while one runs, and allows another lane', async () => {
    let release = () => {};
    const first = runWork('import', () => new Promise<void>((r) => (release = r)));
    await expect(runWork('import', async () => 1)).rejects.toBeInstanceOf(WorkBusy);
    await expect(runWork('restore', async () => 1)).rejects.toThrow(/import is already running/);
    await expect(runWork('export', async () => 'ok')).resolves.toBe('ok');
    release();
    await first;
    await expect(runWork('restore', async () => 2)).resolves.toBe(2);
  });

  it('cancels at the next checkpoint, ends as cancelled, and refuses to cancel while committing', async () => {
    const { seen, stop } = record();
    const run = runWork('bringIn', async (work) => {
      work.phase('merge', 10);
      for (let i = 0; i < 10; i++) {
        await breathe();
        work.checkpoint();
        work.advance();
      }
    });
    await breathe();
    expect(cancelWork('bringIn')).toBe(true);
    await expect(run).rejects.toBeInstanceOf(WorkCancelled);
    expect(seen.at(-1)?.state).toBe('cancelled');

    let release = () => {};
    const committing = runWork('bringIn', async (work) => {
      work.committing();
      await new Promise<void>((r) => (release = r));
      return 'written';
    });
    await breathe();
    expect(cancelWork('bringIn')).toBe(false);
    release();
    await expect(committing).resolves.toBe('written');
    expect(cancelWork('bringIn')).toBe(false);
    stop();
  });

  it('aborts the signal so a model call in flight stops, and reports a failure as failed', async () => {
    const { seen, stop } = record();
    const call = runWork(
      'refine',
      (work) =>
        new Promise((_, reject) => work.signal.addEventListener('abort', () => reject(new Error('aborted by signal')))),
    );
    await breathe();
    cancelWork('refine');
    await expect(call).rejects.toBeInstanceOf(WorkCancelled);
    await expect(runWork('export', async () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    expect(seen.at(-1)).toMatchObject({ kind: 'export', state: 'failed' });
    stop();
  });
});
