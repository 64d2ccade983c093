/** A captured chat's id and its record as first stored, for capture and for tests that seed one. */
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
