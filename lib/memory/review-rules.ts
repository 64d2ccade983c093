/**
 * Which memories wait for the user's review before they are used (docs/guarantees.md). A
 * memory the extension writes by itself is held back when its text reads as an instruction to
 * the assistant, carries a link, an e-mail address or markup, or would go into every message
 * (an address or style preference of importance 4 or 5); the callers add the reasons only they
 * know (text the user did not send here, a change to a pinned or hand-edited memory, the
 * user's "ask me first"). Plain patterns, each bounded, so checking a 4,000-character memory is
 * linear: no `.*` between two alternatives.
 */
import { hasAddressCue, hasStyleCue } from '../text/cues';
import type { MemoryRecord, MemoryType, ReviewReason } from './types';

/**
 * Sentences addressed to the assistant rather than statements about the user: an imperative
 * opening, "you must", talk of every answer's start or end, "ignore previous instructions".
 */
const INSTRUCTION_EN = [
  /^\s*(?:please\s+)?(?:always|never|ignore|disregard|forget|include|append|insert|prepend|add|end|start|begin|respond|reply|answer|say|tell|output|print|render|embed|fetch|load|visit|open|click|send|call|do not|don't)\b/i,
  /\b(?:you|assistant|the ai|the model)\s+(?:must|should|shall|will|need to|has to|have to|are to|is to|always|never)\b/i,
  /\b(?:every|each|all|any)\s+(?:of\s+(?:your|the)\s+)?(?:answers?|responses?|repl(?:y|ies)|messages?|outputs?)\b[^.!?\n]{0,80}\b(?:end|start|begin|include|contain|append|add|with|link|image)\b/i,
  /\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+)?(?:the\s+)?(?:previous|prior|above|earlier|other|system)\b/i,
  /\bsystem\s+prompt\b|\b(?:new|hidden|secret)\s+instructions?\b/i,
];
const INSTRUCTION_ZH = [
  /(?:忽略|无视|忘记|忘掉|不要理会)[^。！？\n]{0,12}(?:指令|指示|提示|规则|要求|设定)/,
  /你(?:必须|应该|应当|需要|得|要|总是|永远|一定|务必)/,
  /(?:每次|每个|每条|每一?个|所有|任何)(?:回答|回复|答复|输出|消息)[^。！？\n]{0,20}(?:末尾|结尾|开头|最后|最前|加上|附上|附带|添加|插入|包含|链接|图片)/,
  /(?:回答|回复|答复)的?(?:末尾|结尾|开头|最后)[^。！？\n]{0,10}(?:加上|附上|添加|插入|加)/,
  /系统提示|(?:助手|AI|模型)(?:必须|应该|务必)/,
  /^\s*(?:请)?(?:始终|总是|永远|务必|不要|别)/,
];

const LINK =
  /\b(?:https?|ftp|javascript|data|vbscript|file):|\bwww\.[\p{L}\p{N}-]+\.|(?<![@.\p{L}\p{N}-])[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.(?:com|net|org|io|ai|cn|xyz|top|ru|co|me|app|dev|link|site|info|ly|gl|to|sh|gg)(?:[/?#:]|$)/iu;
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/u;
/** HTML tags, Markdown links and images, code fences, HTML entities. */
const MARKUP = /<\/?[a-z][\w-]*(?:\s[^<>]{0,200})?\/?>|!?\[[^\]\n]{0,200}\]\([^)\n]{0,500}\)|```|&#?[a-z0-9]{1,10};/i;

/** Reasons found in the text alone. */
export function textReasons(text: string): ReviewReason[] {
  const reasons: ReviewReason[] = [];
  if (INSTRUCTION_EN.some((re) => re.test(text)) || INSTRUCTION_ZH.some((re) => re.test(text)))
    reasons.push('instruction');
  if (LINK.test(text)) reasons.push('link');
  if (EMAIL.test(text)) reasons.push('email');
  if (MARKUP.test(text)) reasons.push('markup');
  return reasons;
}

/** Ways of naming the user that the ranker's address cue does not need but review does. */
const NAMED =
  /\b(?:be\s+called|be\s+addressed|goes?\s+by|refer(?:red)?\s+to\s+(?:me|him|her|them|the user)\s+as|(?:user'?s|my)\s+name\s+is)\b|叫做|称为|名字是/i;

/** An address or style preference important enough to stand in every message. */
export function goesIntoEveryMessage(m: { content: string; type: MemoryType; importance: number }): boolean {
  if (m.type !== 'preference' || m.importance < 4) return false;
  return hasAddressCue(m.content) || hasStyleCue(m.content) || NAMED.test(m.content);
}

/** Reasons a memory the extension writes by itself waits for review, from what it says. */
export function memoryReasons(m: { content: string; type: MemoryType; importance: number }): ReviewReason[] {
  const reasons = textReasons(m.content);
  if (goesIntoEveryMessage(m)) reasons.push('every-message');
  return reasons;
}

/** The user's own: pinned, or written or edited by hand. Nothing changes it without review. */
export function isProtected(m: Pick<MemoryRecord, 'pinned' | 'origin'>): boolean {
  return m.pinned || m.origin?.kind === 'hand';
}
