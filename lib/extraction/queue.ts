/**
 * Works through the durable queue: claims the most overdue job, runs it, repeats until nothing
 * is due, then asks for a wake-up when the next job will be. `kick()` is safe to call from any
 * event (alarm, wake-up, message, new job): calls while a drain is running coalesce into one
 * more pass, so jobs run one at a time in this worker. Nothing here assumes the worker lives
 * on: all state is in IndexedDB, and a job left running by a stopped worker is taken over.
 */

import { claimNextJob, nextDueAt, updateHeldJob } from '../db/jobs';
import { getPause, setPause } from '../db/queue-state';
import type { Settings } from '../settings-schema';
import { now, nowMs } from '../time';
import { type JobDeps, LEASE_MS, MAX_ATTEMPTS, runJob } from './run-job';

export interface QueueDeps extends JobDeps {
  loadSettings: () => Promise<Settings>;
  loadApiKey: () => Promise<string | null>;
  /** Wake the queue at this time (an alarm); null cancels the wake-up. */
  schedule: (atIso: string | null) => void;
  /** After each successful extraction (SPEC §5: a snapshot, the newest 7 kept). */
  backup: () => Promise<void>;
}

const NO_KEY_MESSAGE = 'No API key is set. Add your Anthropic API key in Settings to extract memories.';

function nextUtcMidnight(ms: number): string {
  const d = new Date(ms);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)).toISOString();
}

export class ExtractionQueue {
  private active: Promise<void> | null = null;
  private again = false;

  constructor(private readonly deps: QueueDeps) {}

  get runner(): string {
    return this.deps.runner;
  }

  /** Starts a drain, or asks the running one for another pass; resolves when the queue is idle. */
  kick(): Promise<void> {
    if (this.active) {
      this.again = true;
      return this.active;
    }
    this.active = (async () => {
      try {
        do {
          this.again = false;
          await this.drain();
        } while (this.again);
      } finally {
        this.active = null;
      }
    })();
    return this.active;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const pause = await getPause(now());
      if (pause) {
        this.deps.schedule(pause.reason === 'cap' ? nextUtcMidnight(nowMs()) : null);
        return;
      }
      const nowIso = now();
      const leaseUntilIso = new Date(nowMs() + LEASE_MS).toISOString();
      const job = await claimNextJob({ runner: this.deps.runner, nowIso, leaseUntilIso });
      if (!job) {
        this.deps.schedule(await nextDueAt());
        return;
      }
      await this.runClaimed(job);
    }
  }

  private async runClaimed(job: Awaited<ReturnType<typeof claimNextJob>> & {}): Promise<void> {
    const { runner } = this.deps;
    // A job that keeps taking its worker down with it must not loop forever.
    if (job.attempts > MAX_ATTEMPTS) {
      const lastError = `Stopped after ${MAX_ATTEMPTS} attempts. ${job.lastError ?? ''}`.trim();
      await updateHeldJob(job.id, runner, { state: 'failed', runner: null, leaseUntil: null, lastError });
      return;
    }
    const apiKey = await this.deps.loadApiKey();
    if (!apiKey) {
      await setPause({ reason: 'auth', since: now(), message: NO_KEY_MESSAGE });
      const attempts = Math.max(0, job.attempts - 1);
      await updateHeldJob(job.id, runner, { state: 'pending', attempts, runner: null, leaseUntil: null });
      return;
    }
    const settings = await this.deps.loadSettings();
    if (await runJob(job, { ...this.deps, settings, apiKey })) await this.deps.backup();
  }
}
