/**
 * Spaces for the end-to-end tests, made through the side panel's own messages: Work, Home and
 * an isolated Client Z, with one memory each and one for Everywhere, all about Kubernetes so
 * that one draft ranks every one of them.
 */
import type { Page } from 'playwright-core';
import type { MemoryRecord } from '../../../lib/memory/types';
import { ask } from './extension-calls';

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

/** A memory added by hand, then put in `space` the way an undo puts a record back. */
async function remember(panel: Page, content: string, space?: string): Promise<void> {
  const added = await ask<MemoryRecord>(panel, 'memories.add', { content, type: 'fact', importance: 4 });
  if (space) await ask(panel, 'memories.restore', { records: [{ ...added, space }] });
}

export async function seedSpaces(panel: Page): Promise<SeededSpaces> {
  const made = async (name: string, isolated = false) =>
    (await ask<{ id: string }>(panel, 'spaces.create', { name, isolated })).id;
  const spaces = { work: await made('Work'), home: await made('Home'), clientZ: await made('Client Z', true) };
  await remember(panel, SPACE_MEMORIES.everywhere);
  await remember(panel, SPACE_MEMORIES.work, spaces.work);
  await remember(panel, SPACE_MEMORIES.home, spaces.home);
  await remember(panel, SPACE_MEMORIES.clientZ, spaces.clientZ);
  return spaces;
}

/** Which of the seeded memories a sent message carried. */
export function carried(text: string): (keyof typeof SPACE_MEMORIES)[] {
  return (Object.keys(SPACE_MEMORIES) as (keyof typeof SPACE_MEMORIES)[]).filter((k) =>
    text.includes(SPACE_MEMORIES[k]),
  );
}
