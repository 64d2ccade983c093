/**
 * The small text comparisons typed-text.ts needs: where one reading of the composer differs
 * from the next, and whether what an edit stated accounts for all of that difference (the text
 * it put in, and the text it took out). Each is linear in the text it reads.
 */

const SPACE = /\s/;

/** Any two whitespace characters are alike: editors swap a typed space for a no-break space. */
function same(a: string, b: string, i: number, j: number): boolean {
  const x = a.charCodeAt(i);
  const y = b.charCodeAt(j);
  return x === y || (SPACE.test(a[i] ?? '') && SPACE.test(b[j] ?? ''));
}

/** The one region where `next` differs from `prior` (common prefix and suffix left out). */
export function changedRegion(prior: string, next: string): { start: number; endPrior: number; endNext: number } {
  let start = 0;
  const max = Math.min(prior.length, next.length);
  while (start < max && same(prior, next, start, start)) start++;
  let end = 0;
  while (end < max - start && same(prior, next, prior.length - 1 - end, next.length - 1 - end)) end++;
  return { start, endPrior: prior.length - end, endNext: next.length - end };
}

const spaced = (s: string) => s.replace(/\s+/g, ' ');
const blank = (s: string) => !/\S/.test(s);

/**
 * True when taking `removed` out is what the edit said it takes: part of the selection it
 * replaces, else at a bare caret one character (a line break between paragraphs too), one word
 * and the space beside it, the rest of a line, or part of the IME's composition under way.
 */
export function removalStated(
  removed: string,
  removes: 'nothing' | 'char' | 'word' | 'line' | 'composition',
  selected: string,
  composition: string,
): boolean {
  if (removed === '') return true;
  if (selected !== '') return spaced(selected).includes(spaced(removed));
  if (removes === 'char') return graphemes(removed) <= 1 || /^[\r\n]+$/.test(removed);
  if (removes === 'word') return /^\s*\S*\s*$/.test(removed);
  if (removes === 'line') return !/[\r\n]/.test(removed.replace(/^[\r\n]+|[\r\n]+$/g, ''));
  if (removes === 'composition') return composition !== '' && composition.includes(removed);
  return false;
}

const visible = (s: string) => s.replace(/\s+/g, '');

/**
 * True when the change from `prior` to `next` happened where the edit began (`edit.at` visible
 * characters in): the edit's text put there, over its selection, or one character taken just
 * before or after the caret. Compared without whitespace, so any place in a run of like
 * characters will do; a change of whitespace alone must sit at the caret. A page that swallows
 * the user's key and makes the same change elsewhere fails this. Checked for keys, pastes,
 * Backspace and Delete; not known (and not checked) for a word, a line or an IME composition.
 */
export function atCaret(
  prior: string,
  next: string,
  start: number,
  removed: string,
  edit: { text: string | null; removes: string; selected: string; at?: number | null },
): boolean {
  const at = edit.at;
  if (at === null || at === undefined || edit.text === null) return true;
  if (edit.removes !== 'nothing' && edit.removes !== 'char') return true;
  const p = visible(prior);
  const n = visible(next);
  const gone = visible(removed).length;
  if (gone === 0 && p === n) return visible(prior.slice(0, start)).length === at;
  if (edit.selected !== '' || edit.removes === 'nothing')
    return n === p.slice(0, at) + visible(edit.text) + p.slice(at + visible(edit.selected).length);
  return n === p.slice(0, at - gone) + p.slice(at) || n === p.slice(0, at) + p.slice(at + gone);
}

function graphemes(s: string): number {
  if (typeof Intl.Segmenter !== 'function') return [...s].length;
  let n = 0;
  for (const _ of new Intl.Segmenter().segment(s)) if (++n > 1) break;
  return n;
}

/**
 * True when a change only moved whitespace without joining two words into one or splitting one
 * in two (an editor re-laying out its paragraphs): the words are the same after it.
 */
export function keepsWords(
  removed: string,
  added: string,
  before: string | undefined,
  after: string | undefined,
): boolean {
  if (!blank(removed) || !blank(added)) return false;
  if (removed !== '' && added !== '') return true;
  return before === undefined || after === undefined || SPACE.test(before) || SPACE.test(after);
}

/**
 * True when an occurrence of `stated` in `text` covers every visible character of
 * `text[from, to)`. Whitespace is left out on both sides: editors lay a pasted text's line
 * breaks out as paragraphs and turn a typed space into a no-break space. The diff's region can
 * lie anywhere inside the edit (typing "b" after "ab" looks like a change at the end), so any
 * occurrence that covers it will do; a region the stated text does not cover holds
 * characters the edit did not state.
 */
export function coveredBy(text: string, from: number, to: number, stated: string): boolean {
  const want = stated.replace(/\s+/g, '');
  if (want === '') return false;
  let before = 0;
  for (let i = 0; i < from; i++) if (!SPACE.test(text[i] ?? '')) before++;
  let inside = 0;
  for (let i = from; i < to; i++) if (!SPACE.test(text[i] ?? '')) inside++;
  if (inside === 0) return false;
  const flat = text.replace(/\s+/g, '');
  const at = flat.indexOf(want, Math.max(0, before + inside - want.length));
  return at !== -1 && at <= before;
}
