/**
 * Writes one extraction answer in a single transaction: the merged memories, the chat's
 * summary and extracted version, and the job's progress. The job is checked first: if it was
 * discarded or taken over by another worker while the call was out, nothing is written, so a
 * transcript window is merged exactly once however often the worker is stopped. What the
 * answer does is not decided here: the store reads what the plan rests on inside the
 * transaction and hands it to the caller's pure planner (lib/extraction/window-plan.ts), so
 * what is read and what is written are one consistent view.
 */
import type { AliasMap } from '../extraction/extract-prompt';
import type { ExtractedMemory } from '../extraction/extract-schema';
import type { MergePlan } from '../extraction/merge';
import type { ExtractionSpace } from '../extraction/space-filing';
import type { WindowPlanner } from '../extraction/window-plan';
import type { SpaceId } from '../memory/spaces';
import type { Job, MemorySource } from '../memory/types';
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

/**
 * Stores one window's answer as `plan` decides it, unless the job is no longer this worker's,
 * the chat was excluded (the job ends) or learning is off for its site (the job waits for the
 * switch). `learningOff` is read by the caller just before: settings are not in this database.
 */
export async function applyWindow(
  answer: WindowAnswer,
  plan: WindowPlanner,
  learningOff: (chatId: string) => Promise<boolean> = async () => false,
): Promise<MergePlan | null> {
  const held = await db.jobs.get(answer.jobId);
  const off = held ? await learningOff(held.chatId) : false;
  return db.transaction('rw', db.memories, db.chats, db.jobs, db.sends, db.spaces, async () => {
    const at = now();
    const job = await db.jobs.get(answer.jobId);
    if (job?.state !== 'running' || job.runner !== answer.runner) return null;
    if ((job.windowsDone ?? 0) !== answer.window) return null;
    const current = await db.chats.get(job.chatId);
    if (!current || current.state === 'excluded' || off) {
      const stop = !current || current.state === 'excluded';
      await db.jobs.put({
        ...job,
        state: stop ? 'done' : 'pending',
        runner: null,
        leaseUntil: null,
        attempts: stop ? job.attempts : Math.max(0, job.attempts - 1),
        lastError: stop ? null : NOT_STORED.learningOff,
        outcome: stop ? NOT_STORED.excluded : job.outcome,
        updatedAt: at,
      });
      return null;
    }
    const known = await db.memories.where('status').anyOf('active', 'proposed').toArray();
    // Text the user did not type and send here (a shared thread, an old or imported chat, turns
    // a page added) is someone else's: what comes from it waits for review.
    const origin = (await sentHereFor(current, answer.turns)) ? SENT : OPENED;
    const decided = plan({
      ...(await spaceAtCommit(answer.space)),
      active: known,
      now: at,
      origin,
      outcomeSoFar: job.outcome ?? null,
    });
    await db.memories.bulkPut(decided.merge.writes);

    // A version counts as extracted only when every window of it was read: a job resumed after
    // the chat changed read its first windows from the older version.
    const read = answer.window === 0 || job.readVersion === answer.chatVersion ? answer.chatVersion : -1;
    await db.chats.update(current.id, {
      summary: answer.summary.trim() || current.summary,
      extractedVersion: answer.lastWindow ? Math.max(current.extractedVersion, read) : current.extractedVersion,
    });
    await db.jobs.put({
      ...job,
      windowsDone: answer.window + 1,
      readVersion: read,
      ...(answer.lastWindow ? { state: 'done', runner: null, leaseUntil: null, lastError: null } : {}),
      outcome: decided.outcome,
      updatedAt: at,
    });
    return decided.merge;
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
