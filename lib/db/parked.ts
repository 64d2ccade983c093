/**
 * A paid extraction answer that could not be saved because storage is full. It is kept in the
 * extension's private database, or in session storage (memory, while the browser runs) when
 * that has no room either, and written once there is room, so the same window is never paid
 * for twice. Neither place is open to content scripts, and a kept answer is checked against
 * its schema again before it is used: anything else found under a job's name is dropped.
 */
import * as z from 'zod/mini';
import { browser } from '#imports';
import { ExtractedMemorySchema } from '../extraction/extract-schema';
import { type SpaceId, SpaceIdSchema } from '../memory/spaces';
import { MemorySourceSchema } from '../memory/types';
import { PrivacyPatternSchema, ReviewModeSchema } from '../settings/schema';
import type { WindowAnswer } from './extraction';
import { readTrusted, removeTrusted, trustedNames, writeTrusted } from './trusted';

const ParkedAnswerSchema = z.object({
  jobId: z.string().check(z.maxLength(400)),
  window: z.int().check(z.minimum(0)),
  lastWindow: z.boolean(),
  chatVersion: z.int().check(z.minimum(0)),
  summary: z.string().check(z.maxLength(2000)),
  items: z.array(ExtractedMemorySchema).check(z.maxLength(100)),
  aliases: z.array(z.tuple([z.string(), z.string()])).check(z.maxLength(1000)),
  source: MemorySourceSchema,
  patterns: z.array(PrivacyPatternSchema).check(z.maxLength(200)),
  /** The user's review choice when the call was made ("ask me first" must survive the wait). */
  review: z.optional(ReviewModeSchema),
  /** The chat's space when the call was made; absent in an answer parked before spaces. */
  space: z.optional(z.nullable(SpaceIdSchema)),
  at: z.string(),
});
export type ParkedAnswer = z.infer<typeof ParkedAnswerSchema>;

const PREFIX = 'extraction.parked:';
const AREAS = ['extension', 'session'] as const;
type Area = (typeof AREAS)[number];

const store: Record<
  Area,
  {
    set(k: string, v: unknown): Promise<void>;
    get(k: string): Promise<unknown>;
    remove(k: string): Promise<void>;
    names(prefix: string): Promise<string[]>;
  }
> = {
  extension: { set: writeTrusted, get: readTrusted, remove: removeTrusted, names: trustedNames },
  session: {
    set: (k, v) => browser.storage.session.set({ [k]: v }),
    get: async (k) => (await browser.storage.session.get(k))[k],
    remove: (k) => browser.storage.session.remove(k),
    names: async (prefix) => Object.keys(await browser.storage.session.get(null)).filter((k) => k.startsWith(prefix)),
  },
};

/** Keeps the answer; returns where, or null when no place had room. */
export async function parkAnswer(answer: WindowAnswer, at: string): Promise<Area | null> {
  // What was read (the turns' keys, which items rest on the assistant) is worked out again from
  // the chat when the answer is unparked: it is the same version.
  const { runner: _runner, aliases, turns: _turns, fromAssistant: _from, ...rest } = answer;
  const parked: ParkedAnswer = {
    ...rest,
    items: [...rest.items],
    patterns: [...rest.patterns],
    aliases: [...aliases.entries()],
    at,
  };
  for (const name of AREAS) {
    try {
      await store[name].set(PREFIX + answer.jobId, parked);
      return name;
    } catch {}
  }
  return null;
}

/** The answer kept for this job, if one is there and still has its shape. */
export async function parkedAnswer(jobId: string): Promise<ParkedAnswer | null> {
  for (const name of AREAS) {
    try {
      const value = await store[name].get(PREFIX + jobId);
      if (value === undefined) continue;
      const parsed = ParkedAnswerSchema.safeParse(value);
      if (parsed.success && parsed.data.jobId === jobId) return parsed.data;
      await store[name].remove(PREFIX + jobId);
    } catch {}
  }
  return null;
}

export async function dropParked(jobId: string): Promise<void> {
  for (const name of AREAS) {
    try {
      await store[name].remove(PREFIX + jobId);
    } catch {}
  }
}

/** "Don't remember this chat": every answer kept for any of its jobs (`<chat id>@<version>`) goes. */
export async function dropParkedOfChat(chatId: string): Promise<void> {
  const prefix = `${PREFIX}${chatId}@`;
  for (const name of AREAS) {
    try {
      for (const key of await store[name].names(prefix)) await store[name].remove(key);
    } catch {}
  }
}

/** `read.space`: the chat's space now, for an answer parked before answers kept theirs. */
export function unpark(
  parked: ParkedAnswer,
  runner: string,
  read: Pick<WindowAnswer, 'turns' | 'fromAssistant'> & { space: SpaceId | null },
): WindowAnswer {
  const { at: _at, aliases, space, ...rest } = parked;
  return { ...rest, runner, ...read, space: space === undefined ? read.space : space, aliases: new Map(aliases) };
}
