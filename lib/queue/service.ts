/**
 * The background's one extraction queue, wired to the browser: alarms wake it (a periodic
 * tick as a safety net, plus a one-shot alarm for the next due job), as does every new job
 * and every start of the worker. Background only.
 */
import { browser } from '#imports';
import { createBackup } from '../db/backups';
import { onEnqueued } from '../db/jobs';
import { clearPause } from '../db/queue-state';
import { loadApiKey, loadSettings } from '../db/settings-store';
import type { Job } from '../memory/types';
import { createClient, DEFAULT_TIMEOUT_MS } from '../model/client';
import { redact } from '../privacy/privacy';
import { ExtractionQueue } from './queue';

const WAKE_ALARM = 'extraction.wake';
const TICK_ALARM = 'extraction.tick';
/** Chrome does not fire alarms more often than every 30 s; one minute is plenty for a backlog. */
const TICK_MINUTES = 1;

let queue: ExtractionQueue | null = null;
let learned: ((job: Job, since: string) => Promise<void>) | undefined;

/** Who tells the user what an extraction learned (the background's badge and panel line). */
export function onLearned(fn: (job: Job, since: string) => Promise<void>): void {
  learned = fn;
}

function schedule(atIso: string | null): void {
  if (atIso === null) {
    void browser.alarms.clear(WAKE_ALARM);
    return;
  }
  void browser.alarms.create(WAKE_ALARM, { when: Math.max(Date.parse(atIso), Date.now() + 1_000) });
}

export function extractionQueue(): ExtractionQueue {
  queue ??= new ExtractionQueue({
    // A fresh id per worker start: a job still marked running under another id was orphaned.
    runner: crypto.randomUUID(),
    timeoutMs: DEFAULT_TIMEOUT_MS,
    createClient,
    random: Math.random,
    loadSettings,
    loadApiKey,
    schedule,
    backup: async () => {
      await createBackup('after extraction');
    },
    learned: (job, since) => learned?.(job, since) ?? Promise.resolve(),
  });
  return queue;
}

/**
 * Chrome stops an extension worker after ~30 s without events or extension API calls, even
 * while a fetch is pending; a cheap API call every 20 s keeps it alive for the length of a
 * drain. (If it is stopped anyway, the job is taken over at the next wake-up.)
 */
let keepAlive: ReturnType<typeof setInterval> | null = null;

function keepAliveWhile(work: Promise<unknown>): void {
  if (keepAlive !== null) return;
  keepAlive = setInterval(() => {
    try {
      void browser.runtime.getPlatformInfo().catch(() => {});
    } catch {}
  }, 20_000);
  void work.finally(() => {
    if (keepAlive !== null) clearInterval(keepAlive);
    keepAlive = null;
  });
}

/** Starts work in the background without ever throwing into an event handler. */
export function kickExtraction(): void {
  const work = extractionQueue()
    .kick()
    .catch((error: unknown) => {
      // Only storage can fail here (API errors are handled per job); the text is still scrubbed.
      console.warn('claude-mem extraction queue:', redact(String(error)).text);
    });
  keepAliveWhile(work);
}

/** Called once per worker start, from the background's main(). */
export function startExtraction(): void {
  void browser.alarms.create(TICK_ALARM, { periodInMinutes: TICK_MINUTES });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === WAKE_ALARM || alarm.name === TICK_ALARM) kickExtraction();
  });
  onEnqueued(kickExtraction);
  kickExtraction();
}

/** Saving settings may have fixed what paused the queue (key, base URL, model, cap): try again. */
export async function resumeAfterSettingsChange(): Promise<void> {
  await clearPause();
  kickExtraction();
}
