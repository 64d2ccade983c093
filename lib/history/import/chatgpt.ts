/**
 * One conversation of a ChatGPT data export (`conversations.json`: an array of conversations,
 * each a `mapping` of nodes `{ id, parent, children, message }`). Editing a message or
 * regenerating an answer forks the tree; `current_node` is the leaf the user last saw, so the
 * conversation is the path from it up to the root and every other branch is left out.
 * Kept: user and assistant messages addressed to everyone (`recipient: "all"`) whose content is
 * text (`text`, or the text parts of `multimodal_text`), with their times and model names.
 * Left out: system and tool nodes, hidden nodes, tool calls (`code` sent to python or the
 * browser), the model's thoughts and reasoning recaps, and citation markers (【3†source】).
 * Formats checked against real exports: LibreChat's importer fixtures (2023–2024),
 * realazthat/chatgpt2graph's example (2023) — see /work/shared/samples/chat-exports/SOURCES.md.
 */
import { type ImportedConversation, type ImportedTurn, isoOf, isRecord } from './types';

const TEXT_TYPES = new Set(['text', 'multimodal_text']);
const CITATION = /【\d+(?::\d+)?†[^】]*】/g;
/** A path longer than this is a loop in a damaged file, not a conversation. */
const MAX_DEPTH = 100_000;

function textOf(content: Record<string, unknown>): string {
  const parts = Array.isArray(content.parts) ? content.parts : [];
  return parts
    .filter((p): p is string => typeof p === 'string')
    .join('\n')
    .replace(CITATION, '')
    .trim();
}

function turnOf(message: unknown): ImportedTurn | null {
  if (!isRecord(message)) return null;
  const role = isRecord(message.author) ? message.author.role : undefined;
  if (role !== 'user' && role !== 'assistant') return null;
  const recipient = message.recipient;
  if (recipient !== undefined && recipient !== null && recipient !== 'all') return null;
  const meta = isRecord(message.metadata) ? message.metadata : {};
  if (meta.is_visually_hidden_from_conversation === true) return null;
  const content = isRecord(message.content) ? message.content : {};
  if (!TEXT_TYPES.has(String(content.content_type))) return null;
  const text = textOf(content);
  if (text === '') return null;
  const turn: ImportedTurn = { role, text, at: isoOf(message.create_time) };
  if (role === 'assistant' && typeof meta.model_slug === 'string') turn.model = meta.model_slug.slice(0, 100);
  return turn;
}

/** The leaf to read back from: `current_node`, or (damaged file) the newest leaf there is. */
function leafOf(mapping: Record<string, unknown>, current: unknown): string | null {
  if (typeof current === 'string' && isRecord(mapping[current])) return current;
  let best: string | null = null;
  let bestTime = -Infinity;
  for (const [id, node] of Object.entries(mapping)) {
    if (!isRecord(node) || (Array.isArray(node.children) && node.children.length > 0)) continue;
    const t = isRecord(node.message) && typeof node.message.create_time === 'number' ? node.message.create_time : 0;
    if (t >= bestTime) {
      best = id;
      bestTime = t;
    }
  }
  return best;
}

export function readChatGptConversation(raw: unknown): ImportedConversation | null {
  if (!isRecord(raw) || !isRecord(raw.mapping)) return null;
  const mapping = raw.mapping;
  const id = typeof raw.conversation_id === 'string' ? raw.conversation_id : typeof raw.id === 'string' ? raw.id : null;
  if (!id) return null;
  const path: ImportedTurn[] = [];
  const seen = new Set<string>();
  for (let at = leafOf(mapping, raw.current_node); at && !seen.has(at) && seen.size < MAX_DEPTH; ) {
    seen.add(at);
    const node = mapping[at];
    if (!isRecord(node)) break;
    const turn = turnOf(node.message);
    if (turn) path.push(turn);
    at = typeof node.parent === 'string' ? node.parent : null;
  }
  path.reverse();
  return {
    site: 'chatgpt',
    conversationId: id,
    title: typeof raw.title === 'string' ? raw.title : '',
    url: `https://chatgpt.com/c/${encodeURIComponent(id)}`,
    createdAt: isoOf(raw.create_time),
    updatedAt: isoOf(raw.update_time),
    turns: path,
  };
}
