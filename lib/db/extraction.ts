/**
 * Writes one extraction answer in a single transaction: the merged memories, the chat's
 * summary and extracted version, and the job's progress. The job is checked first: if it was
 * discarded or taken over by another worker while the call was out, nothing is written, so a
 * transcript window is merged exactly once however often the worker is stopped. What the
 * answer does is not decided here: the store reads what a plan needs (`readWindow`), the pure
 * planner (lib/extraction/window-plan.ts) decides, and `applyWindow` writes the plan after
 * checking in its transaction that nothing the plan rests on changed since the read.
 */
import type { AliasMap } from '../extraction/extract-prompt';
import type { ExtractedMemory } from '../extraction/extract-schema';
import type { MergePlan } from '../extraction/merge';
import type { ExtractionSpace } from '../extraction/space-filing';
import type { WindowPlan, WindowRead } from '../extraction/window-plan';
import type { SpaceId } from '../memory/spaces';
import type { Chat, Job, MemorySource } from '../memory/types';
import type { PrivacyPattern, ReviewMode } from '../settings/schema';
import { now } from '../time';
import { db } from './db';
import { sentHereFor, type TurnKey } from './sends';

const SENT = { kind: 'sent' } as const;
const OPENED = { kind: 'opened' } as const;

export interface WindowAnswer {
  jobId: string;
  runner: string;
  /** Which window of the transcript this answer is for (0-based); must be the job's next one. */
  window: number;
  lastWindow: boolean;
  /** The chat version whose turns were sent. */
  chatVersion: number;
  /**
   * The keys of that version's user turns (lib/db/sends.ts userTurnKeys): provenance is judged
   * on what the model read, not on the chat as it is when the answer comes back (a page can
   * show a turn while the call is out, then take it away).
   */
  turns: readonly TurnKey[];
  /** Per item: it rests on what the assistant said, not the user's words (lib/extraction/grounding.ts). */
  fromAssistant: readonly boolean[];
  summary: string;
  items: readonly ExtractedMemory[];
  aliases: AliasMap;
  source: MemorySource;
  patterns: readonly PrivacyPattern[];
  /** The user's review choice for the chat's site when the call was made; absent: use at once. */
  review?: ReviewMode;
  /**
   * The chat's space when the call was made (null: none): the model judged "about this space"
   * against it, so the answer is filed there even if the chat has moved since. Absent: none.
   */
  space?: SpaceId | null;
}

/**
 * The answer's space as it is at commit: it may have been made isolated meanwhile (then all goes
 * to it), or deleted (then nothing goes to it, and what the answer holds waits for review).
 */
async function spaceAtCommit(
  id: SpaceId | null | undefined,
): Promise<{ space: ExtractionSpace | null; spaceGone: boolean }> {
  if (id === null || id === undefined) return { space: null, spaceGone: false };
  const row = await db.spaces.get(id);
  if (!row) return { space: null, spaceGone: true };
  return {
    space: { id: row.id, name: row.name, description: row.description, isolated: row.isolated },
    spaceGone: false,
  };
}

/** Why a held job's answer was not stored although the job was still its worker's. */
export const NOT_STORED = {
  excluded: 'Stopped: you asked not to remember this chat; nothing from it was stored.',
  learningOff: 'Waiting: learning is off for this site; nothing from this chat was stored.',
} as const;

/** The plan rests on something that changed since it was read: read and plan again. */
export const STALE = 'stale';

/**
 * What a window's plan is decided over, read in one transaction; null when the job is no longer
 * this worker's or this window was already merged (nothing will be written).
 */
export async function readWindow(answer: WindowAnswer): Promise<WindowRead | null> {
  return db.transaction('r', db.memories, db.chats, db.jobs, db.sends, db.spaces, async () => {
    const job = await db.jobs.get(answer.jobId);
    if (!heldFor(job, answer)) return null;
    const chat = await db.chats.get(job.chatId);
    return {
      ...(await spaceAtCommit(answer.space)),
      active: await db.memories.where('status').anyOf('active', 'proposed').toArray(),
      // Text the user did not type and send here (a shared thread, an old or imported chat,
      // turns a page added) is someone else's: what comes from it waits for review.
      origin: chat && (await sentHereFor(chat, answer.turns)) ? SENT : OPENED,
      now: now(),
      outcomeSoFar: job.outcome ?? null,
    };
  });
}

function heldFor(job: Job | undefined, answer: WindowAnswer): job is Job {
  return job?.state === 'running' && job.runner === answer.runner && (job.windowsDone ?? 0) === answer.window;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether what `plan` rests on is still as `read` saw it: the same set of active and proposed
 * memories (a memory added meanwhile could be the one an item restates), every memory it
 * writes over or relies on unchanged (else a hand edit, pin or delete would be undone), no
 * memory where it creates one, the same space and the same origin. An edit to a memory the plan
 * neither touched nor relied on is no different from one made just after it, so it does not count.
 */
async function stillAsRead(answer: WindowAnswer, read: WindowRead, plan: WindowPlan, chat: Chat): Promise<boolean> {
  const known = await db.memories.where('status').anyOf('active', 'proposed').primaryKeys();
  const readIds = new Set(read.active.map((m) => m.id));
  if (known.length !== readIds.size || known.some((id) => !readIds.has(id))) return false;
  const asRead = new Map(read.active.map((m) => [m.id, m]));
  const ids = [...new Set([...plan.merge.restsOn, ...plan.merge.writes.map((m) => m.id)])];
  const stored = await db.memories.bulkGet(ids);
  if (stored.some((m, i) => !same(m, asRead.get(ids[i]!)))) return false;
  if (!same(await spaceAtCommit(answer.space), { space: read.space, spaceGone: read.spaceGone })) return false;
  return ((await sentHereFor(chat, answer.turns)) ? SENT : OPENED).kind === read.origin.kind;
}

/**
 * Stores one window's answer as `plan` (decided over `read`) says, unless the job is no longer
 * this worker's, the chat was excluded (the job ends), learning is off for its site (the job
 * waits for the switch) or what the plan rests on changed since `read` (STALE, nothing written).
 * `learningOff` is read by the caller just before: settings are not in this database.
 */
export async function applyWindow(
  answer: WindowAnswer,
  read: WindowRead,
  plan: WindowPlan,
  learningOff: (chatId: string) => Promise<boolean> = async () => false,
): Promise<MergePlan | null | typeof STALE> {
  const held = await db.jobs.get(answer.jobId);
  const off = held ? await learningOff(held.chatId) : false;
  return db.transaction('rw', db.memories, db.chats, db.jobs, db.sends, db.spaces, async () => {
    const at = read.now;
    const job = await db.jobs.get(answer.jobId);
    if (!heldFor(job, answer)) return null;
    const current = await db.chats.get(job.chatId);
    if (!current || current.state === 'excluded' || off) {
      await stopJob(job, !current || current.state === 'excluded', now());
      return null;
    }
    if ((job.outcome ?? null) !== read.outcomeSoFar || !(await stillAsRead(answer, read, plan, current))) return STALE;
    await db.memories.bulkPut(plan.merge.writes);

    // A version counts as extracted only when every window of it was read: a job resumed after
    // the chat changed read its first windows from the older version.
    const version = answer.window === 0 || job.readVersion === answer.chatVersion ? answer.chatVersion : -1;
    await db.chats.update(current.id, {
      summary: answer.summary.trim() || current.summary,
      extractedVersion: answer.lastWindow ? Math.max(current.extractedVersion, version) : current.extractedVersion,
    });
    await db.jobs.put({
      ...job,
      windowsDone: answer.window + 1,
      readVersion: version,
      ...(answer.lastWindow ? { state: 'done', runner: null, leaseUntil: null, lastError: null } : {}),
      outcome: plan.outcome,
      updatedAt: at,
    });
    return plan.merge;
  });
}

/** The chat is gone or excluded (the job ends), or learning is off for its site (it waits). */
async function stopJob(job: Job, excluded: boolean, at: string): Promise<void> {
  await db.jobs.put({
    ...job,
    state: excluded ? 'done' : 'pending',
    runner: null,
    leaseUntil: null,
    attempts: excluded ? job.attempts : Math.max(0, job.attempts - 1),
    lastError: excluded ? null : NOT_STORED.learningOff,
    outcome: excluded ? NOT_STORED.excluded : job.outcome,
    updatedAt: at,
  });
}

/** Ends a held job without a call: nothing to extract, the chat is gone, or it was already extracted. */
export async function finishWithoutCall(job: Job, runner: string, outcome: string, chatVersion: number | null) {
  await db.transaction('rw', db.chats, db.jobs, async () => {
    const current = await db.jobs.get(job.id);
    if (!current || current.runner !== runner || current.state !== 'running') return;
    await db.jobs.put({ ...current, state: 'done', runner: null, leaseUntil: null, outcome, updatedAt: now() });
    const chat = chatVersion === null ? undefined : await db.chats.get(job.chatId);
    if (chat && chatVersion !== null && chat.extractedVersion < chatVersion) {
      await db.chats.update(chat.id, { extractedVersion: chatVersion });
    }
  });
}
