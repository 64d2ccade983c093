/**
 * Runs one claimed job: reads the chat, prepares the transcript (strip, redact, split), and for
 * each window not yet merged makes the extraction call and commits its answer. Failures are
 * turned into queue actions here: back off, fail the job, or pause the whole queue.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { getChat } from '../db/chats';
import { commitWindow, finishWithoutCall, NOT_STORED, type WindowAnswer } from '../db/extraction';
import { stripMarks } from '../db/install-mark';
import { renewLease, updateHeldJob } from '../db/jobs';
import { dropParked, parkAnswer, parkedAnswer, unpark } from '../db/parked';
import { pauseForFullStorage, setPause } from '../db/queue-state';
import { type TurnKey, userTurnKeys } from '../db/sends';
import { isQuotaError } from '../db/store-errors';
import { recordCallUsage, usageDelta, usageOfDay } from '../db/usage';
import { callEstimate } from '../extraction/estimate';
import { extractMemories, InvalidAnswerError } from '../extraction/extract';
import { buildPrompt } from '../extraction/extract-prompt';
import { restsOnAssistant } from '../extraction/grounding';
import {
  DEFAULT_LIMITS,
  planWindows,
  prepareTurns,
  type TranscriptWindow,
  type WindowLimits,
} from '../extraction/transcript';
import type { Chat, Job } from '../memory/types';
import { type CallFailure, type ClientConfig, classifyError } from '../model/client';
import { authOf } from '../provider/presets';
import { callCost } from '../provider/pricing';
import { reviewFor, type Settings } from '../settings/schema';
import { now, nowMs, utcDay } from '../time';
import { callSpaceOf } from './chat-space';
import { relatedMemories } from './related';
import { learningOffFor, stillWanted } from './still-wanted';

export interface JobDeps {
  runner: string;
  timeoutMs: number;
  createClient: (config: ClientConfig) => Anthropic;
  random: () => number;
  limits?: WindowLimits;
}

export interface JobContext extends JobDeps {
  settings: Settings;
  /** Null when the endpoint takes no key (a local server). */
  apiKey: string | null;
}

export const MAX_ATTEMPTS = 8;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 30 * 60_000;

/** Exponential backoff with "equal jitter", never sooner than the server's `retry-after`. */
function backoffMs(attempts: number, retryAfterMs: number | null, random: () => number): number {
  const exp = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  const jittered = exp / 2 + (exp / 2) * random();
  return retryAfterMs === null ? jittered : retryAfterMs + 1_000 * random();
}

/** The cap check before a call: true when it may go out. A cap of 0 means no cap. */
async function withinCap(ctx: JobContext, estimate: number): Promise<boolean> {
  const cap = ctx.settings.dailyTokenCap;
  if (cap === 0) return true;
  const today = await usageOfDay(utcDay());
  const used = today.inputTokens + today.outputTokens;
  if (used + estimate <= cap) return true;
  await setPause({
    reason: 'cap',
    since: now(),
    message: `Daily token cap reached: ${used.toLocaleString('en')} of ${cap.toLocaleString('en')} tokens used today (UTC); the next extraction needs about ${estimate.toLocaleString('en')}. Extraction resumes tomorrow, or raise the cap in Settings.`,
  });
  return false;
}

/** Puts a held job back in the queue without charging the attempt (the queue, not the job, stopped). */
async function release(job: Job, ctx: JobDeps, lastError: string | null): Promise<void> {
  await updateHeldJob(job.id, ctx.runner, {
    state: 'pending',
    attempts: Math.max(0, job.attempts - 1),
    nextAttemptAt: now(),
    runner: null,
    leaseUntil: null,
    lastError,
  });
}

async function fail(job: Job, ctx: JobDeps, message: string): Promise<void> {
  await updateHeldJob(job.id, ctx.runner, { state: 'failed', runner: null, leaseUntil: null, lastError: message });
}

async function handleFailure(job: Job, ctx: JobDeps, failure: CallFailure): Promise<void> {
  if (failure.kind === 'auth' || failure.kind === 'config') {
    await setPause({ reason: failure.kind, since: now(), message: failure.message });
    await release(job, ctx, failure.message);
  } else if (failure.kind === 'fatal') {
    await fail(job, ctx, failure.message);
  } else if (job.attempts >= MAX_ATTEMPTS) {
    await fail(job, ctx, `Gave up after ${job.attempts} attempts. ${failure.message}`);
  } else {
    const wait = backoffMs(job.attempts, failure.retryAfterMs, ctx.random);
    await updateHeldJob(job.id, ctx.runner, {
      state: 'pending',
      nextAttemptAt: new Date(nowMs() + wait).toISOString(),
      runner: null,
      leaseUntil: null,
      lastError: `${failure.message} Retrying in ${Math.ceil(wait / 1000)} s.`,
    });
  }
}

type WindowOutcome = 'committed' | 'stopped';

/** Usage is worth keeping, but not at the price of the answer it describes: a full disk skips it. */
async function recordUsageUnlessFull(
  settings: Pick<Settings, 'model' | 'provider'>,
  jobId: string,
  u: { inputTokens: number; outputTokens: number },
) {
  try {
    const cost = callCost(settings.model, settings.provider, u.inputTokens, u.outputTokens);
    await recordCallUsage(now(), usageDelta(u, cost), jobId);
  } catch (error) {
    if (!isQuotaError(error)) throw error;
  }
}

/**
 * Writes a window's answer. When storage is full the paid answer is kept aside, the queue
 * pauses with `storage_full`, and the job waits without being charged an attempt.
 */
async function commitOrPark(answer: WindowAnswer, job: Job, ctx: JobContext): Promise<WindowOutcome> {
  try {
    const plan = await commitWindow(answer, learningOffFor);
    await dropParked(job.id);
    return plan ? 'committed' : 'stopped';
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    const where = await parkAnswer(answer, now());
    await pauseForFullStorage(where);
    // This write may fail too; then the lease runs out and the next worker finds the parked answer.
    await release(job, ctx, null).catch(() => {});
    return 'stopped';
  }
}

async function runWindow(
  job: Job,
  chat: Chat,
  turns: readonly TurnKey[],
  windows: TranscriptWindow[],
  i: number,
  ctx: JobContext,
): Promise<WindowOutcome> {
  const last = i === windows.length - 1;
  // Each part asks again: the chat may have been excluded, or learning switched off, meanwhile.
  const wanted = await stillWanted(job.chatId);
  if (wanted === 'excluded') {
    await dropParked(job.id);
    await finishWithoutCall(job, ctx.runner, NOT_STORED.excluded, null);
    return 'stopped';
  }
  if (wanted === 'learning-off') {
    await release(job, ctx, NOT_STORED.learningOff);
    return 'stopped';
  }
  const parked = await parkedAnswer(job.id);
  const window = windows[i]!;
  if (parked && parked.window === i && parked.chatVersion === chat.version) {
    const read = { turns, fromAssistant: restsOnAssistant(parked.items, window), space: chat.space ?? null };
    return commitOrPark({ ...unpark(parked, ctx.runner, read), lastWindow: last }, job, ctx);
  }
  const { space, filter } = await callSpaceOf(chat);
  const related = await relatedMemories(window, chat, filter);
  const prompt = buildPrompt({
    site: chat.site,
    title: chat.title,
    window,
    related,
    previousSummary: chat.summary,
    space,
    privacyPatterns: ctx.settings.privacyPatterns,
  });
  const call = callEstimate(prompt);
  const estimate = call.inputTokens + call.outputTokens;
  if (!(await withinCap(ctx, estimate))) {
    await release(job, ctx, null);
    return 'stopped';
  }
  const { baseUrl, model } = ctx.settings;
  const auth = authOf(ctx.settings);
  const client = ctx.createClient({ apiKey: ctx.apiKey, baseUrl, auth, timeoutMs: ctx.timeoutMs });
  const answer = await whileHeld(job, ctx, () =>
    extractMemories(client, { model, system: prompt.system, user: prompt.user }, (u) =>
      recordUsageUnlessFull(ctx.settings, job.id, u),
    ),
  );
  const outcome = await commitOrPark(
    {
      jobId: job.id,
      runner: ctx.runner,
      window: i,
      lastWindow: last,
      chatVersion: chat.version,
      turns,
      fromAssistant: restsOnAssistant(answer.memories, window),
      summary: answer.summary,
      items: answer.memories,
      aliases: prompt.aliases,
      source: { site: chat.site, url: chat.url, chatId: chat.id },
      patterns: ctx.settings.privacyPatterns,
      review: reviewFor(ctx.settings, chat.site),
      space: chat.space ?? null,
    },
    job,
    ctx,
  );
  chat.summary = answer.summary || chat.summary;
  return outcome;
}

/**
 * How long a claim holds without renewal. The holder renews it every `HEARTBEAT_MS` while a
 * call is out, so a live worker never loses its job, and a stopped worker's job is taken
 * over at most this long after it stopped.
 */
export const LEASE_MS = 20_000;
const HEARTBEAT_MS = 5_000;

async function whileHeld<T>(job: Job, ctx: JobDeps, work: () => Promise<T>): Promise<T> {
  await renewLease(job.id, ctx.runner, LEASE_MS);
  const beat = setInterval(() => void renewLease(job.id, ctx.runner, LEASE_MS).catch(() => {}), HEARTBEAT_MS);
  try {
    return await work();
  } finally {
    clearInterval(beat);
  }
}

/** Returns true when the job finished (done), so the caller can take a backup. */
export async function runJob(job: Job, ctx: JobContext): Promise<boolean> {
  const chat = await getChat(job.chatId);
  if (!chat || chat.state === 'excluded') {
    await dropParked(job.id);
    await finishWithoutCall(job, ctx.runner, 'Nothing to extract: the chat was deleted or excluded.', null);
    return false;
  }
  if (chat.extractedVersion >= job.chatVersion && (job.windowsDone ?? 0) === 0) {
    await finishWithoutCall(job, ctx.runner, 'Already extracted.', null);
    return false;
  }
  const marks = await stripMarks(chat.site);
  const prepared = prepareTurns(chat.turns, ctx.settings.privacyPatterns, ctx.limits ?? DEFAULT_LIMITS, marks);
  const windows = planWindows(prepared.turns, ctx.limits ?? DEFAULT_LIMITS);
  // A resumed job whose chat has since shrunk below the windows already merged is complete too.
  if (windows.length <= (job.windowsDone ?? 0)) {
    await finishWithoutCall(job, ctx.runner, 'Nothing (more) to extract.', chat.version);
    return false;
  }
  // The user turns of exactly this version: what the model reads is what provenance is judged on.
  const turns = await userTurnKeys(chat.turns);
  try {
    for (let i = job.windowsDone ?? 0; i < windows.length; i++) {
      if ((await runWindow(job, chat, turns, windows, i, ctx)) === 'stopped') return false;
    }
    return true;
  } catch (error) {
    if (error instanceof InvalidAnswerError) await fail(job, ctx, error.message);
    else await handleFailure(job, ctx, classifyError(error, ctx.apiKey));
    return false;
  }
}
