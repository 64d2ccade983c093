/** A finished, extracted ChatGPT chat of two turns, as the sync tests store and send it. */
import type { Chat } from '../../../lib/memory/types';

const CHAT_T0 = '2026-11-01T10:00:00.000Z';

export function chat(id: string, text: string, extra: Partial<Chat> = {}): Chat {
  const [site, conversationId] = id.split(':') as [Chat['site'], string];
  return {
    id,
    site,
    conversationId,
    url: `https://chatgpt.com/c/${conversationId}`,
    title: 'Harbour plans',
    turns: [
      { role: 'user', text, at: CHAT_T0 },
      { role: 'assistant', text: `Answer about ${text}`, at: CHAT_T0, model: 'gpt-4o' },
    ],
    version: 1,
    state: 'finished',
    summary: 'The user plans a harbour walk.',
    extractedVersion: 1,
    createdAt: CHAT_T0,
    updatedAt: CHAT_T0,
    lastActivityAt: CHAT_T0,
    ...extra,
  };
}
