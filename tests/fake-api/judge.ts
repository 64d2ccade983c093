/**
 * The judging request as a model reads it, for the fake Messages API: the numbered candidates
 * of each list (`<memories>`, `<past_chats>`) of a request keywords call, and an answer that
 * picks candidates by what they say, in the order given, as a model that read them would.
 */
import { REQUEST_KEYWORDS_TOOL_NAME } from '../../lib/request-keywords/request-keywords-prompt';
import { type ReceivedRequest, toolUseMessage } from './server';

export type CandidateList = 'memories' | 'past_chats';

const userText = (req: ReceivedRequest) => (req.body as { messages: { content: string }[] }).messages[0]?.content ?? '';

/** The lines of one list, in order (line i is candidate i + 1); empty when the list was not sent. */
export function candidatesOf(req: ReceivedRequest, list: CandidateList): string[] {
  const text = userText(req);
  const start = text.indexOf(`\n<${list}>\n`);
  if (start < 0) return [];
  const end = text.indexOf(`\n</${list}>`, start);
  const body = text.slice(start + list.length + 4, end < 0 ? undefined : end);
  return [...body.matchAll(/^(\d+)\. (.*)$/gm)].map((m) => m[2] as string);
}

/** The numbers of the candidates whose line holds each of `texts`, in that order (missing ones skipped). */
function numbersOf(req: ReceivedRequest, list: CandidateList, texts: readonly string[]): number[] {
  const lines = candidatesOf(req, list);
  return texts.flatMap((t) => {
    const i = lines.findIndex((line) => line.includes(t));
    return i < 0 ? [] : [i + 1];
  });
}

export interface JudgedReply {
  keywords?: string[];
  /** Picked memories, by a piece of their text, most helpful first. */
  memories?: readonly string[];
  /** Picked exchanges, by a piece of their text or title. */
  pastChats?: readonly string[];
  /** Numbers given as they are, whatever the lists held (unknown numbers, another space's). */
  rawMemories?: number[];
  usage?: { input_tokens: number; output_tokens: number };
}

/** The model's answer to a judging request: keywords, and the picks by content. */
export function judgedAnswer(req: ReceivedRequest, reply: JudgedReply) {
  const item: Record<string, unknown> = { index: 1, keywords: reply.keywords ?? [] };
  if (reply.rawMemories) item.memories = reply.rawMemories;
  else if (reply.memories) item.memories = numbersOf(req, 'memories', reply.memories);
  if (reply.pastChats) item.past_chats = numbersOf(req, 'past_chats', reply.pastChats);
  const usage = reply.usage ?? { input_tokens: 1500, output_tokens: 60 };
  return { body: toolUseMessage(REQUEST_KEYWORDS_TOOL_NAME, { items: [item] }, usage) };
}
