/**
 * One conversation of a Claude data export (`conversations.json`: an array of `{ uuid, name,
 * created_at, updated_at, chat_messages }`), or the claude.ai web API's single conversation.
 * A message's words are its `text` content blocks when it has them (the top-level `text` runs
 * the thinking and the answer together, or is empty); older exports have only `text`.
 * Thinking, tool use and tool results are left out. Where messages carry parent links and the
 * conversation names its current leaf, the branch the user last saw is kept; otherwise the
 * messages are put in time order (real exports are not always in order).
 * Formats checked against real files: simonw/claude-to-sqlite's tests (2024), osteele's
 * claude-chat-viewer test data (2024) — see /work/shared/samples/chat-exports/SOURCES.md.
 */
import { type ImportedConversation, type ImportedTurn, isoOf, isRecord } from './types';

type Message = Record<string, unknown>;

function textOf(m: Message): string {
  if (Array.isArray(m.content) && m.content.length > 0) {
    const blocks = m.content.filter((b) => isRecord(b) && b.type === 'text' && typeof b.text === 'string');
    if (blocks.length > 0)
      return blocks
        .map((b) => (b as { text: string }).text)
        .join('\n')
        .trim();
  }
  return typeof m.text === 'string' ? m.text.trim() : '';
}

/** The messages on the branch ending at `leaf`, root first; null when the links do not hold. */
function branch(messages: Message[], leaf: unknown): Message[] | null {
  if (typeof leaf !== 'string') return null;
  const byId = new Map(messages.filter((m) => typeof m.uuid === 'string').map((m) => [m.uuid as string, m]));
  const out: Message[] = [];
  for (let at: unknown = leaf; typeof at === 'string' && byId.has(at) && out.length <= messages.length; ) {
    const m = byId.get(at)!;
    out.push(m);
    at = m.parent_message_uuid;
  }
  return out.length > 0 ? out.reverse() : null;
}

function inTimeOrder(messages: Message[]): Message[] {
  return messages
    .map((m, i) => ({ m, i, t: Date.parse(String(m.created_at)) || 0 }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map((x) => x.m);
}

export function readClaudeConversation(raw: unknown): ImportedConversation | null {
  if (!isRecord(raw) || typeof raw.uuid !== 'string' || !Array.isArray(raw.chat_messages)) return null;
  const messages = raw.chat_messages.filter(isRecord);
  const ordered = branch(messages, raw.current_leaf_message_uuid) ?? inTimeOrder(messages);
  const turns: ImportedTurn[] = [];
  for (const m of ordered) {
    const role = m.sender === 'human' ? 'user' : m.sender === 'assistant' ? 'assistant' : null;
    const text = role ? textOf(m) : '';
    if (role && text) turns.push({ role, text, at: isoOf(m.created_at) });
  }
  return {
    site: 'claude',
    conversationId: raw.uuid,
    title: typeof raw.name === 'string' ? raw.name : '',
    url: `https://claude.ai/chat/${encodeURIComponent(raw.uuid)}`,
    createdAt: isoOf(raw.created_at),
    updatedAt: isoOf(raw.updated_at),
    turns,
  };
}
