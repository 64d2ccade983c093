/**
 * Spaces for the end-to-end tests, made through the side panel's own messages: Work, Home and
 * an isolated Client Z, with one memory each and one for Everywhere, all about Kubernetes so
 * that one draft ranks every one of them.
 */
import type { MemoryRecord } from '../../../lib/memory/types';

/** The side panel's messages, however the browser's harness sends them (Chromium or Firefox). */
export type Ask = <T>(type: string, payload: unknown) => Promise<T>;

export const SPACE_DRAFT = 'What should I check before upgrading Kubernetes?';
export const SPACE_MEMORIES = {
  everywhere: 'User likes Kubernetes answers with short diagrams',
  work: 'Acme runs Kubernetes 1.29 on AWS for the user’s team',
  home: 'The user’s home Raspberry Pi runs Kubernetes k3s',
  clientZ: 'The NDA client keeps Kubernetes on bare metal',
} as const;

export interface SeededSpaces {
  work: string;
  home: string;
  clientZ: string;
}

export async function seedSpaces(ask: Ask): Promise<SeededSpaces> {
  // A memory added by hand, then put in its space the way an undo puts a record back.
  const remember = async (content: string, space?: string) => {
    const added = await ask<MemoryRecord>('memories.add', { content, type: 'fact', importance: 4 });
    if (space) await ask('memories.restore', { records: [{ ...added, space }] });
  };
  const made = async (name: string, isolated = false) =>
    (await ask<{ id: string }>('spaces.create', { name, isolated })).id;
  const spaces = { work: await made('Work'), home: await made('Home'), clientZ: await made('Client Z', true) };
  await remember(SPACE_MEMORIES.everywhere);
  await remember(SPACE_MEMORIES.work, spaces.work);
  await remember(SPACE_MEMORIES.home, spaces.home);
  await remember(SPACE_MEMORIES.clientZ, spaces.clientZ);
  return spaces;
}

/** Which of the seeded memories a sent message carried. */
export function carried(text: string): (keyof typeof SPACE_MEMORIES)[] {
  return (Object.keys(SPACE_MEMORIES) as (keyof typeof SPACE_MEMORIES)[]).filter((k) =>
    text.includes(SPACE_MEMORIES[k]),
  );
}
