/**
 * One chat as Markdown for copying or saving: a heading with the title, site, date and link,
 * then each turn under its speaker. Turn text is written as it is (it is the chat's own
 * Markdown most of the time); pure, the caller passes the words in the panel's language.
 */
import type { Chat } from '../memory/types';

export interface ChatMarkdownWords {
  you: string;
  assistant: string;
  site: string;
}

export function chatMarkdown(chat: Chat, words: ChatMarkdownWords): string {
  const lines = [`# ${chat.title.trim() || chat.conversationId}`, '', `${words.site} · ${chat.updatedAt.slice(0, 10)}`];
  if (chat.url) lines.push('', `<${chat.url}>`);
  for (const turn of chat.turns) {
    const who = turn.role === 'user' ? words.you : turn.model ? `${words.assistant} (${turn.model})` : words.assistant;
    lines.push('', `## ${who}`, '', turn.text.trim());
  }
  return `${lines.join('\n')}\n`;
}

/** A file name from the chat's title, safe on every system. */
export function chatFileName(chat: Chat): string {
  const base = (chat.title.trim() || chat.conversationId)
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\p{Cc}+/gu, ' ')
    .trim();
  return `${base.slice(0, 80) || 'chat'}.md`;
}
