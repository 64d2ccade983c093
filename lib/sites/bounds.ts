/**
 * What one chat site can make claude-mem store and spend. A page controls its URL and DOM, so
 * it could invent endless conversations with endless turns; these bounds keep that from
 * filling the store or the user's API bill. Sizes are cut with a visible marker (never
 * dropped silently); rates are per site, per UTC hour and per UTC day. Pure and small: the
 * content script caps what it sends with the same numbers.
 */

/** One message: room for a long pasted source file (~2,500 lines), not a whole repository. */
export const MAX_TURN_CHARS = 100_000;
/** One chat: 250 exchanges. */
export const MAX_CHAT_TURNS = 500;
/** One chat, all turns together (~150k tokens): extraction splits it into windows anyway. */
export const MAX_CHAT_CHARS = 600_000;

export type RateKind = 'chats' | 'chars' | 'jobs' | 'tokens';
export type RateWindow = 'hour' | 'day';

/** New conversations, stored characters, extraction jobs run and extraction tokens, per site. */
export const SITE_RATE_LIMITS: Readonly<Record<RateWindow, Readonly<Record<RateKind, number>>>> = {
  hour: { chats: 30, chars: 3_000_000, jobs: 30, tokens: 150_000 },
  day: { chats: 200, chars: 15_000_000, jobs: 200, tokens: 600_000 },
};

/**
 * One site may spend at most this share of the daily token cap (Settings), so one site alone
 * can never use up the whole day for all of them. With no cap (0), the fixed bounds apply.
 */
const SITE_SHARE_OF_CAP = 0.5;

/** The token bounds of one site under `dailyTokenCap`: the fixed ones, lowered below the cap. */
export function siteTokenLimits(dailyTokenCap: number): Record<RateWindow, number> {
  const share = dailyTokenCap > 0 ? Math.floor(dailyTokenCap * SITE_SHARE_OF_CAP) : Number.POSITIVE_INFINITY;
  return { hour: Math.min(SITE_RATE_LIMITS.hour.tokens, share), day: Math.min(SITE_RATE_LIMITS.day.tokens, share) };
}

/**
 * Memory blocks one site, and one tab, may be handed per hour. A person starts a handful of
 * new conversations an hour; a page faking conversation starts on each click gets no more.
 */
export const BLOCKS_PER_SITE_HOUR = 12;
export const BLOCKS_PER_TAB_HOUR = 6;

function turnMarker(total: number): string {
  return `\n[claude-mem: message cut here; it has ${total.toLocaleString('en-US')} characters, only the first ${MAX_TURN_CHARS.toLocaleString('en-US')} are kept]`;
}

function chatMarker(): string {
  return `\n[claude-mem: this chat is longer than ${MAX_CHAT_TURNS} messages or ${MAX_CHAT_CHARS.toLocaleString('en-US')} characters; later messages are not kept]`;
}

interface Turn {
  role: 'user' | 'assistant';
  text: string;
}

/** One turn cut to MAX_TURN_CHARS, marker included (so bounding again changes nothing). */
function boundTurn<T extends Turn>(turn: T): T {
  if (turn.text.length <= MAX_TURN_CHARS) return turn;
  const marker = turnMarker(turn.text.length);
  return { ...turn, text: turn.text.slice(0, MAX_TURN_CHARS - marker.length) + marker };
}

/**
 * The turns as they may be stored: each cut at MAX_TURN_CHARS, the chat cut at MAX_CHAT_TURNS
 * turns and MAX_CHAT_CHARS characters, each cut marked in the text where it happened.
 */
export function boundTurns<T extends Turn>(turns: readonly T[]): T[] {
  const out: T[] = [];
  let chars = 0;
  for (const original of turns) {
    const turn = boundTurn(original);
    const room = MAX_CHAT_CHARS - chars;
    if (out.length < MAX_CHAT_TURNS && turn.text.length <= room) {
      out.push(turn);
      chars += turn.text.length;
      continue;
    }
    // The chat is full: the turn that does not fit (or the last one kept) carries the marker.
    const marker = chatMarker();
    if (out.length < MAX_CHAT_TURNS && room > marker.length) {
      // Cut so that text and marker together fill the room exactly: bounding again changes nothing.
      out.push({ ...turn, text: turn.text.slice(0, room - marker.length) + marker });
    } else if (out.length > 0) {
      const last = out[out.length - 1]!;
      if (!last.text.endsWith(marker)) {
        // Appended, or written over the turn's end when the chat is full by characters.
        const over = Math.max(0, chars + marker.length - MAX_CHAT_CHARS);
        out[out.length - 1] = { ...last, text: last.text.slice(0, last.text.length - over) + marker };
      }
    }
    break;
  }
  return out;
}
