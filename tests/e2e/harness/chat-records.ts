/** Captured-chat records as the memory file carries them, to put finished chats in the store. */
export interface TurnInput {
  role: 'user' | 'assistant';
  text: string;
}

export function kimiChat(conversationId: string, title: string, turns: readonly TurnInput[], at: string) {
  return {
    id: `kimi:${conversationId}`,
    site: 'kimi',
    conversationId,
    url: `https://www.kimi.com/chat/${conversationId}`,
    title,
    turns: turns.map((t) => ({ ...t, at })),
    version: 1,
    state: 'open',
    summary: '',
    extractedVersion: 0,
    createdAt: at,
    updatedAt: at,
    lastActivityAt: at,
  };
}

/** A memory file with no memories, only these chats. */
export function chatsFile(chats: readonly unknown[]): string {
  return JSON.stringify({ format: 'claude-mem.memories', version: 1, memories: [], chats });
}
