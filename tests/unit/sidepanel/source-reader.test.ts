/**
 * Reading a chosen file off the panel's thread: the panel's client against an in-process
 * stand-in for the Worker that runs the very job the real worker runs. Progress arrives in
 * bytes then the parse; the preview's items come back; a cancel mid-read ends the worker and
 * nothing it says afterwards is heard; a broken file comes back as its reason.
 */
import { describe, expect, it } from 'vitest';
import {
  readInWorker,
  type SourceProgress,
  SourceReadCancelled,
  type SourceWorker,
} from '../../../entrypoints/sidepanel/models/source-reader';
import { runSourceJob, type SourceJobMessage } from '../../../lib/bring-in/source-job';

/** Runs the job in this thread; `gate` holds every message after the first until released. */
class InProcessWorker implements SourceWorker {
  onmessage: SourceWorker['onmessage'] = null;
  onerror: SourceWorker['onerror'] = null;
  terminated = false;
  heardAfterEnd = 0;
  constructor(private readonly gate: Promise<void> = Promise.resolve()) {}

  postMessage({ file }: { file: File }): void {
    let first = true;
    void runSourceJob(file, (message) => {
      const deliver = () => {
        if (this.terminated) return;
        this.onmessage?.({ data: message } as MessageEvent<SourceJobMessage>);
      };
      if (first) {
        first = false;
        queueMicrotask(deliver);
      } else void this.gate.then(deliver);
    });
  }

  terminate(): void {
    this.terminated = true;
  }
}

function mem0File(n: number): File {
  const results = Array.from({ length: n }, (_, i) => ({
    id: `m${i}`,
    memory: `Keeps note number ${i} about the garden plot`,
    created_at: '2025-04-02T10:00:00Z',
  }));
  return new File([JSON.stringify({ results })], 'mem0-export.json', { type: 'application/json' });
}

describe('reading a file in the worker', () => {
  it('reports bytes read, then the parse, and returns the preview items', async () => {
    const file = mem0File(3000);
    const seen: SourceProgress[] = [];
    const worker = new InProcessWorker();
    const found = await readInWorker(
      file,
      (p) => seen.push(p),
      new AbortController().signal,
      () => worker,
    );
    expect(found.kind).toBe('mem0');
    expect(found.items).toHaveLength(2000);
    expect(found.skipped).toBe(1000);
    const reads = seen.filter((p) => p.phase === 'read');
    expect(reads[0]).toMatchObject({ done: 0, total: file.size });
    expect(reads.at(-1)).toMatchObject({ done: file.size, total: file.size });
    expect(reads.every((p, i) => i === 0 || p.done >= (reads[i - 1]?.done ?? 0))).toBe(true);
    expect(seen.at(-1)?.phase).toBe('parse');
    expect(worker.terminated).toBe(true);
  });

  it('a cancel mid-read ends the worker at once; its later answer is never heard', async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const worker = new InProcessWorker(gate);
    const controller = new AbortController();
    const seen: SourceProgress[] = [];
    const reading = readInWorker(
      mem0File(50),
      (p) => {
        seen.push(p);
        controller.abort();
      },
      controller.signal,
      () => worker,
    );
    await expect(reading).rejects.toBeInstanceOf(SourceReadCancelled);
    expect(worker.terminated).toBe(true);
    expect(seen).toEqual([expect.objectContaining({ phase: 'read', done: 0 })]);
    expect(worker.onmessage).toBeNull();
    release();
    await gate;
  });

  it('a file that is not an export comes back as its reason', async () => {
    const file = new File(['{"results": [ {"memory": "x" '], 'broken.json');
    await expect(
      readInWorker(
        file,
        () => {},
        new AbortController().signal,
        () => new InProcessWorker(),
      ),
    ).rejects.toThrow(/broken\.json: not JSON/);
  });

  it('does not start a worker when already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    let spawned = 0;
    await expect(
      readInWorker(
        mem0File(1),
        () => {},
        controller.signal,
        () => {
          spawned++;
          return new InProcessWorker();
        },
      ),
    ).rejects.toBeInstanceOf(SourceReadCancelled);
    expect(spawned).toBe(0);
  });
});
