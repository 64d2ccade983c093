/**
 * The privacy filter's two token shapes that a backtracking regular expression can only find
 * in quadratic time: a long mixed letters-and-digits run and a JWT. As regexes they re-scanned
 * the rest of a `[A-Za-z0-9_-]` run from every word boundary inside it, so one 100,000-character
 * `a-a-a…` message took 26.7 s. Here each run of those characters is read once: they find the
 * same spans the regexes `\b(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{32,}\b` and
 * `\beyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}` found (a property test compares them), in linear time.
 */

export interface Span {
  start: number;
  end: number;
}

interface Run {
  start: number;
  end: number;
}

const isRunChar = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45;
/** `\w`: a run character other than `-`. */
const isWord = (c: number) => isRunChar(c) && c !== 45;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** The maximal runs of `[A-Za-z0-9_-]`, in order. */
function runsOf(text: string): Run[] {
  const runs: Run[] = [];
  let i = 0;
  while (i < text.length) {
    if (!isRunChar(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < text.length && isRunChar(text.charCodeAt(i))) i++;
    runs.push({ start, end: i });
  }
  return runs;
}

/** `\b` at position `i` of a run (the characters around a run are never word characters). */
function boundaryAt(text: string, run: Run, i: number): boolean {
  const before = i > run.start && isWord(text.charCodeAt(i - 1));
  const after = i < run.end && isWord(text.charCodeAt(i));
  return before !== after;
}

/** A run of 32 or more with a digit and a letter, from a word boundary to a word boundary. */
function mixedInRun(text: string, run: Run): Span | null {
  let lastDigit = -1;
  let lastLetter = -1;
  let lastBoundary = -1;
  for (let i = run.start; i <= run.end; i++) {
    if (i < run.end) {
      const c = text.charCodeAt(i);
      if (isDigit(c)) lastDigit = i;
      else if (isLetter(c)) lastLetter = i;
    }
    if (i > run.start && boundaryAt(text, run, i)) lastBoundary = i;
  }
  // The regex's leftmost start: a boundary with a digit and a letter still ahead and 32 to go.
  const latest = Math.min(lastDigit, lastLetter, lastBoundary - 32);
  for (let s = run.start; s <= latest; s++) {
    if (boundaryAt(text, run, s)) return { start: s, end: lastBoundary };
  }
  return null;
}

export function findMixedRuns(text: string): Span[] {
  return runsOf(text).flatMap((run) => mixedInRun(text, run) ?? []);
}

/** The first `eyJ` at a word boundary with at least 8 run characters after it, or -1. */
function jwtStart(text: string, run: Run): number {
  for (let s = run.start; s + 3 + 8 <= run.end; s++) {
    if (text.startsWith('eyJ', s) && boundaryAt(text, run, s)) return s;
  }
  return -1;
}

export function findJwts(text: string): Span[] {
  const runs = runsOf(text);
  const out: Span[] = [];
  for (let r = 0; r < runs.length; r++) {
    const [head, middle, tail] = [runs[r], runs[r + 1], runs[r + 2]];
    if (!head || !middle || !tail) break;
    // Three runs joined by single dots; the last two at least 8 long.
    const dotted = text[head.end] === '.' && middle.start === head.end + 1 && text[middle.end] === '.';
    if (!dotted || tail.start !== middle.end + 1) continue;
    if (middle.end - middle.start < 8 || tail.end - tail.start < 8) continue;
    const start = jwtStart(text, head);
    if (start < 0) continue;
    out.push({ start, end: tail.end });
    r += 2;
  }
  return out;
}
