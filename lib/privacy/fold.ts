/**
 * The text as a reader reads it once every character that can be dropped or folded on the way
 * out is: what the privacy filter matches on. Each exit drops or folds some of these (the block
 * strips invisible characters, an excerpt makes one line of a turn, NFKC or a model reads
 * full-width and Arabic-Indic digits as digits), so a secret written with them would pass a
 * check on the raw text and leave in plain form. Here, invisible characters (lib/memory/invisible.ts)
 * are dropped, each run of whitespace is one space (one line break when it holds one, so lines
 * and sentences stay apart), every dash is `-`, every Unicode decimal digit its ASCII digit, and
 * any other character its NFKC form (full-width letters, ligatures). `startOf`/`endOf` give the
 * original span a folded unit came from, so a match redacts exactly the characters that wrote it.
 * One pass, each distinct character folded once: linear in the text.
 */

export interface Folded {
  text: string;
  /** Original offset of the first character folded unit `i` came from. */
  startOf(i: number): number;
  /** Original offset just past the last character folded unit `i` came from. */
  endOf(i: number): number;
}

const INVISIBLE = /^[\p{Cf}\p{Variation_Selector}]$/u;
const LINE_BREAK = /^[\n\v\f\r\u0085\u2028\u2029]$/u;
const SPACE = /^\s$/u;
const DIGIT = /^\p{Nd}$/u;
const DASH = /^\p{Pd}$/u;

/** Printable ASCII, single spaces and single line breaks only: folding changes nothing. */
const PLAIN = /^[\x20-\x7e\n]*$/;
const DOUBLED = /[ \n][ \n]/;

const BREAK = '\n';
const GAP = ' ';

/**
 * A decimal digit's value. Unicode encodes every decimal digit in runs of ten from 0 to 9
 * (a stability policy), so the digits before it in its run say which it is.
 */
function digitValue(cp: number): string {
  let before = 0;
  while (before < 100 && DIGIT.test(String.fromCodePoint(cp - before - 1))) before++;
  return String(before % 10);
}

const cache = new Map<number, string>();

function foldNonAscii(cp: number): string {
  const ch = String.fromCodePoint(cp);
  if (INVISIBLE.test(ch)) return '';
  if (LINE_BREAK.test(ch)) return BREAK;
  if (SPACE.test(ch)) return GAP;
  if (DIGIT.test(ch)) return digitValue(cp);
  if (DASH.test(ch)) return '-';
  const nfkc = ch.normalize('NFKC');
  return /^\s+$/u.test(nfkc) ? GAP : nfkc;
}

function foldChar(cp: number): string {
  if (cp < 0x80) {
    if (cp === 32 || cp === 9) return GAP;
    if (cp >= 10 && cp <= 13) return BREAK;
    return String.fromCharCode(cp);
  }
  let folded = cache.get(cp);
  if (folded === undefined) {
    folded = foldNonAscii(cp);
    if (cache.size > 10_000) cache.clear();
    cache.set(cp, folded);
  }
  return folded;
}

const identity = (text: string): Folded => ({ text, startOf: (i) => i, endOf: (i) => i + 1 });

export function foldForMatching(text: string): Folded {
  if (PLAIN.test(text) && !DOUBLED.test(text)) return identity(text);
  let out = '';
  const starts: number[] = [];
  const ends: number[] = [];
  // A run of whitespace (and the invisible characters inside it) becomes one unit.
  let gapStart = -1;
  let gapEnd = 0;
  let gapBreaks = false;
  const closeGap = () => {
    if (gapStart < 0) return;
    out += gapBreaks ? BREAK : GAP;
    starts.push(gapStart);
    ends.push(gapEnd);
    gapStart = -1;
    gapBreaks = false;
  };
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const folded = foldChar(cp);
    if (folded === GAP || folded === BREAK) {
      if (gapStart < 0) gapStart = i;
      gapEnd = i + width;
      gapBreaks ||= folded === BREAK;
    } else if (folded !== '') {
      closeGap();
      out += folded;
      for (let k = 0; k < folded.length; k++) {
        starts.push(i);
        ends.push(i + width);
      }
    }
    i += width;
  }
  closeGap();
  return { text: out, startOf: (i) => starts[i]!, endOf: (i) => ends[i]! };
}
