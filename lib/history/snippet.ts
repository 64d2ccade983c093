/**
 * The snippet of a matching turn: a window of text around the first hit, cut into pieces with
 * the hits marked. The panel renders the pieces as text nodes (a <mark> around hits), never as
 * HTML, so a turn holding markup shows as the characters it is.
 */
import { fold, type HistoryQuery } from './query';
import { normalWord, wordTerms } from './terms';

export interface SnippetPiece {
  text: string;
  hit: boolean;
}

const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}]+)*/gu;
const CONTEXT = 80;
const ASCII = /^\p{ASCII}*$/u;

function merge(ranges: [number, number][]): [number, number][] {
  ranges.sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const r of ranges) {
    const prev = out[out.length - 1];
    if (prev && r[0] < prev[1]) prev[1] = Math.max(prev[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

/**
 * Whether no word from `at` on can change the snippet: the first merged hit is known and `at`
 * is past the end of the window after it (snippetOf shows nothing later).
 */
function snippetSettled(ranges: [number, number][], at: number): boolean {
  const known = merge(ranges.filter((r) => r[0] < at).map((r) => [r[0], r[1]]));
  const first = known[0];
  return first !== undefined && at >= first[1] + CONTEXT * 2;
}

/**
 * [start, end) of the hits in `text` that the snippet can show, sorted and not overlapping.
 * English words are read only until the snippet's window is settled: stemming every word of
 * every long turn shown was most of a search's time. Each distinct word is judged once.
 */
function hitRanges(text: string, query: HistoryQuery): [number, number][] {
  const ranges: [number, number][] = [];
  const lower = text.toLowerCase();
  const needles = [...query.phrases, ...query.marks.cjk].filter((n) => n.length > 0);
  for (const needle of needles) {
    for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) {
      ranges.push([at, at + needle.length]);
    }
  }
  if (query.marks.words.length > 0) {
    const wanted = new Set(query.marks.words.flatMap((w) => [w, ...wordTerms(w)]));
    const judged = new Map<string, boolean>();
    let check = 0;
    for (const m of text.matchAll(WORD)) {
      if (m.index >= check) {
        if (snippetSettled(ranges, m.index)) break;
        check = m.index + CONTEXT;
      }
      let hit = judged.get(m[0]);
      if (hit === undefined) {
        const word = normalWord(m[0]);
        hit = wanted.has(word) || wordTerms(word).some((t) => wanted.has(t));
        judged.set(m[0], hit);
      }
      if (hit) ranges.push([m.index, m.index + m[0].length]);
    }
  }
  return merge(ranges);
}

/** Whether a turn holds every phrase of the query (folded the same way on both sides). */
export function holdsPhrases(text: string, query: HistoryQuery): boolean {
  if (query.phrases.length === 0) return true;
  // NFKC leaves ASCII as it is, so an ASCII turn folds by case and spaces alone: NFKC over
  // every candidate turn was most of a phrase search's time.
  const folded = ASCII.test(text) ? text.toLowerCase().replace(/\s+/g, ' ') : fold(text);
  return query.phrases.every((p) => folded.includes(p));
}

/** Up to about 2 × CONTEXT characters around the first hit, hits marked. */
export function snippetOf(text: string, query: HistoryQuery): SnippetPiece[] {
  // Phrases are matched on folded text; marking works on the text as it is, so fold only case.
  const ranges = hitRanges(text, query);
  const first = ranges[0]?.[0] ?? 0;
  const start = Math.max(0, first - CONTEXT);
  const end = Math.min(text.length, (ranges[0]?.[1] ?? 0) + CONTEXT * 2);
  const pieces: SnippetPiece[] = [];
  if (start > 0) pieces.push({ text: '…', hit: false });
  let pos = start;
  for (const [a, b] of ranges) {
    if (b <= start || a >= end) continue;
    const from = Math.max(a, pos);
    if (from > pos) pieces.push({ text: text.slice(pos, from), hit: false });
    pieces.push({ text: text.slice(from, Math.min(b, end)), hit: true });
    pos = Math.min(b, end);
  }
  if (pos < end) pieces.push({ text: text.slice(pos, end), hit: false });
  if (end < text.length) pieces.push({ text: '…', hit: false });
  return pieces;
}
