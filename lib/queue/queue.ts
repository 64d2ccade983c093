/**
 * Works through the durable queue: claims the most overdue job, runs it, repeats until nothing
 * is due, then asks for a wake-up when the next job will be. `kick()` is safe to call from any
 * event (alarm, wake-up, message, new job): calls while a drain is running coalesce into one
 * more pass, so jobs run one at a time in this worker. Nothing here assumes the worker lives
 * on: all state is in IndexedDB, and a job left running by a stopped worker is taken over.
 */

import { pausedBatchIds } from '../db/extract-batches';
import { claimNextJob, getJob, nextDueAt, siteOfChatId, updateHeldJob } from '../db/jobs';
import { getPause, setPause } from '../db/queue-state';
import { spend, type TokenLimits } from '../db/site-bounds';
import type { Job } from '../memory/types';
import { needsKey } from '../provider/presets';
import type { Settings } from '../settings/schema';
import { siteTokenLimits } from '../sites/bounds';
import { now, nowMs } from '../time';
import { type JobDeps, LEASE_MS, MAX_ATTEMPTS, runJob } from './run-job';

export interface QueueDeps extends JobDeps {
  loadSettings: () => Promise<Settings>;
  loadApiKey: (baseUrl?: string) => Promise<string | null>;
  /** Wake the queue at this time (an alarm); null cancels the wake-up. */
  schedule: (atIso: string | null) => void;
  /** After each successful extraction (DESIGN.md §5: a snapshot, the newest 7 kept). */
  backup: () => Promise<void>;
  /** After each successful extraction: tell the user what it learned (`since`: when it started). */
  learned?: (job: Job, since: string) => Promise<void>;
}

const NO_KEY_MESSAGE = 'No API key is set. Add your Anthropic API key in Settings to extract memories.';

function nextUtcMidnight(ms: number): string {
  const d = new Date(ms);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)).toISOString();
}

/** Sites whose chats are not learnt from: their queued jobs wait until the switch is on again. */
function heldSites(settings: Settings): Set<string> {
  return new Set(Object.entries(settings.sites).flatMap(([id, site]) => (site.learn ? [] : [id])));
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
      const held = heldSites(await this.deps.loadSettings());
      const heldBatches = await pausedBatchIds();
      const job = await claimNextJob({ runner: this.deps.runner, nowIso, leaseUntilIso, held, heldBatches });
      if (!job) {
        this.deps.schedule(await nextDueAt(held, heldBatches));
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
    const settings = await this.deps.loadSettings();
    // A local server takes no key: none is needed, and a stored one is never sent there.
    const apiKey = needsKey(settings) ? await this.deps.loadApiKey(settings.baseUrl) : null;
    if (needsKey(settings) && !apiKey) {
      await setPause({ reason: 'auth', since: now(), message: NO_KEY_MESSAGE });
      const attempts = Math.max(0, job.attempts - 1);
      await updateHeldJob(job.id, runner, { state: 'pending', attempts, runner: null, leaseUntil: null });
      return;
    }
    const site = siteOfChatId(job.chatId);
    if (await this.overSiteBound(job, site, siteTokenLimits(settings.dailyTokenCap))) return;
    const since = now();
    const done = await runJob(job, { ...this.deps, settings, apiKey });
    await this.countTokens(job, site);
    if (done) await this.deps.backup();
    if (done) await this.deps.learned?.(job, since).catch(() => {});
  }

  /**
   * One site may start only so many extractions and spend only so many tokens per hour and
   * day (a page controls what it shows); past a bound the job waits for the window to end.
   */
  private async overSiteBound(job: Job, site: string, tokens: TokenLimits): Promise<boolean> {
    const at = now();
    const hit = (await spend(site, { tokens: 1 }, at, 'check', tokens)) ?? (await spend(site, { jobs: 1 }, at));
    if (!hit) return false;
    const attempts = Math.max(0, job.attempts - 1);
    await updateHeldJob(job.id, this.deps.runner, {
      state: 'pending',
      attempts,
      runner: null,
      leaseUntil: null,
      nextAttemptAt: hit.until,
      lastError: `Waiting: ${site} reached its bound of ${hit.limit} ${hit.kind} per ${hit.window}.`,
    });
    return true;
  }

  /** The tokens this run spent (the job's totals grew by them) count against its site. */
  private async countTokens(before: Job, site: string): Promise<void> {
    const after = await getJob(before.id);
    if (!after) return;
    const spent = after.inputTokens + after.outputTokens - before.inputTokens - before.outputTokens;
    if (spent > 0) await spend(site, { tokens: spent }, now(), 'record');
  }
}
