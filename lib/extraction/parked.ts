/**
 * A paid extraction answer that could not be saved because storage is full. It is kept in
 * extension storage, or in session storage (memory, while the browser runs) when that has no
 * room either, and written once there is room, so the same window is never paid for twice.
 */
import { browser } from '#imports';
import type { WindowAnswer } from '../db/extraction';

export interface ParkedAnswer extends Omit<WindowAnswer, 'runner' | 'aliases'> {
  aliases: [string, string][];
  at: string;
}

const PREFIX = 'extraction.parked:';
const AREAS = ['local', 'session'] as const;

function area(name: (typeof AREAS)[number]) {
  return name === 'local' ? browser.storage.local : browser.storage.session;
}

/** Keeps the answer; returns where, or null when no storage area had room. */
export async function parkAnswer(answer: WindowAnswer, at: string): Promise<(typeof AREAS)[number] | null> {
  const { runner: _runner, aliases, ...rest } = answer;
  const parked: ParkedAnswer = { ...rest, aliases: [...aliases.entries()], at };
  for (const name of AREAS) {
    try {
      await area(name).set({ [PREFIX + answer.jobId]: parked });
      return name;
    } catch {}
  }
  return null;
}

export async function parkedAnswer(jobId: string): Promise<ParkedAnswer | null> {
  for (const name of AREAS) {
    try {
      const got = await area(name).get(PREFIX + jobId);
      const value = got[PREFIX + jobId] as ParkedAnswer | undefined;
      if (value) return value;
    } catch {}
  }
  return null;
}

export async function dropParked(jobId: string): Promise<void> {
  for (const name of AREAS) {
    try {
      await area(name).remove(PREFIX + jobId);
    } catch {}
  }
}

/** "Don't remember this chat": every answer kept for any of its jobs (`<chat id>@<version>`) goes. */
export async function dropParkedOfChat(chatId: string): Promise<void> {
  const prefix = `${PREFIX}${chatId}@`;
  for (const name of AREAS) {
    try {
      const keys = Object.keys(await area(name).get(null)).filter((k) => k.startsWith(prefix));
      if (keys.length > 0) await area(name).remove(keys);
    } catch {}
  }
}

export function unpark(parked: ParkedAnswer, runner: string): WindowAnswer {
  const { at: _at, aliases, ...rest } = parked;
  return { ...rest, runner, aliases: new Map(aliases) };
}
