/**
 * A captured chat's id, its record as first stored (for capture and for tests that seed one),
 * and the record an excluded chat leaves behind.
 */
import type { SiteId } from '../sites/ids';
import type { Chat, Turn } from './types';

export function chatIdOf(site: SiteId, conversationId: string): string {
  return `${site}:${conversationId}`;
}

export interface NewChatInput {
  site: SiteId;
  conversationId: string;
  url: string;
  title: string;
  turns: readonly { role: Turn['role']; text: string }[];
}

/** Open, at version 1, nothing extracted yet; every turn stamped with the time it was seen. */
export function newChat(input: NewChatInput, at: string): Chat {
  return {
    id: chatIdOf(input.site, input.conversationId),
    site: input.site,
    conversationId: input.conversationId,
    url: input.url,
    title: input.title,
    turns: input.turns.map((t) => ({ role: t.role, text: t.text, at })),
    version: 1,
    state: 'open',
    summary: '',
    extractedVersion: 0,
    createdAt: at,
    updatedAt: at,
    lastActivityAt: at,
  };
}

/** The tombstone record of an excluded chat: no turns, no summary, its counters carried on. */
export function excludedChat(
  head: Pick<Chat, 'id' | 'site' | 'conversationId' | 'url' | 'title'>,
  existing: Chat | undefined,
  at: string,
): Chat {
  return {
    ...head,
    turns: [],
    version: (existing?.version ?? 0) + 1,
    state: 'excluded',
    summary: '',
    extractedVersion: existing?.extractedVersion ?? 0,
    createdAt: existing?.createdAt ?? at,
    updatedAt: at,
    lastActivityAt: at,
  };
}
