/**
 * The two small text comparisons typed-text.ts needs: where one reading of the composer differs
 * from the next, and whether what an edit stated accounts for all of that difference.
 */

const SPACE = /\s/;

/** The one region where `next` differs from `prior` (common prefix and suffix left out). */
export function changedRegion(prior: string, next: string): { start: number; endPrior: number; endNext: number } {
  let start = 0;
  const max = Math.min(prior.length, next.length);
  while (start < max && prior.charCodeAt(start) === next.charCodeAt(start)) start++;
  let end = 0;
  while (end < max - start && prior.charCodeAt(prior.length - 1 - end) === next.charCodeAt(next.length - 1 - end))
    end++;
  return { start, endPrior: prior.length - end, endNext: next.length - end };
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
