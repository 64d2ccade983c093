/**
 * Whether a memory the model wrote rests on what the assistant said rather than on the user's
 * own words. An assistant turn is only as trustworthy as the page showing it: a page can write
 * "As you told me, you live in Lyon, right?" and count on an "ok". The model says which turns
 * each memory rests on (`from`, the turns' `n`), but the code decides, so a model talked into
 * citing the "ok" changes nothing. A memory rests on the assistant when
 *   - it cites anything but the window's user turns, or
 *   - a word that carries its fact is not in the user's turns: a number, or a name (a word with
 *     a capital letter after the first word: Lyon, Northwind, SQLAlchemy); or
 *   - a pair of Chinese characters of it is in the assistant's turns and not in the user's
 *     (Chinese names have no capitals; 里昂 from "你住在里昂" is the assistant's).
 * Other words the model writes itself ("prefers", "migrating") are its own wording of what the
 * user said, and are left alone. Latin words match on a shared start of four letters (live,
 * lives), so the check errs towards review, never towards use.
 */
import type { ExtractedMemory } from './extract-schema';
import type { TranscriptWindow } from './transcript';

const HAN_RUN = /\p{Script=Han}+/gu;
const LATIN = /[\p{L}\p{N}]+/gu;
/** The word for the user in Chinese memories: never part of the fact. */
const USER_ZH = /[用户]/u;

/** Latin words of a text (Chinese removed), lower case, each with whether it carries the fact. */
function latinWords(text: string): { word: string; names: boolean }[] {
  const out: { word: string; names: boolean }[] = [];
  const plain = text.normalize('NFKC').replace(HAN_RUN, ' ');
  let first = true;
  for (const m of plain.matchAll(LATIN)) {
    const word = m[0];
    const lower = word.toLowerCase();
    out.push({ word: lower, names: /\d/.test(word) || (!first && word !== lower) });
    first = false;
  }
  return out;
}

/** Pairs of neighbouring Chinese characters (a lone character stands alone). */
function hanPairs(text: string): string[] {
  const out: string[] = [];
  for (const m of text.normalize('NFKC').matchAll(HAN_RUN)) {
    const chars = [...m[0]];
    if (chars.length === 1) out.push(chars[0]!);
    for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  }
  return out;
}

function vocabulary(texts: readonly string[]) {
  const words = new Set<string>();
  const stems = new Set<string>();
  const pairs = new Set<string>();
  for (const t of texts) {
    for (const { word } of latinWords(t)) {
      words.add(word);
      if (word.length >= 4 && !/\d/.test(word)) stems.add(word.slice(0, 4));
    }
    for (const p of hanPairs(t)) pairs.add(p);
    // A lone character of a memory may stand inside a longer run in the chat.
    for (const m of t.normalize('NFKC').matchAll(HAN_RUN)) for (const c of m[0]) pairs.add(c);
  }
  return {
    word: (w: string) => words.has(w) || (w.length >= 4 && !/\d/.test(w) && stems.has(w.slice(0, 4))),
    pair: (p: string) => pairs.has(p),
  };
}

/** For each memory of an answer: true when it rests on the assistant's words, not the user's. */
export function restsOnAssistant(items: readonly ExtractedMemory[], window: TranscriptWindow): boolean[] {
  const turns = [...window.head, ...window.turns];
  const said = (role: 'user' | 'assistant') => turns.filter((t) => t.role === role).map((t) => t.text);
  const userTurns = new Set(turns.filter((t) => t.role === 'user').map((t) => t.index + 1));
  const user = vocabulary(said('user'));
  const assistant = vocabulary(said('assistant'));
  return items.map((item) => {
    if ((item.from ?? []).some((n) => !userTurns.has(n))) return true;
    if (latinWords(item.content).some((w) => w.names && !user.word(w.word))) return true;
    return hanPairs(item.content).some((p) => !USER_ZH.test(p) && assistant.pair(p) && !user.pair(p));
  });
}
