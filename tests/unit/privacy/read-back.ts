/**
 * What a reader reads back from text that left: invisible characters dropped, width folded
 * (NFKC), every decimal digit its ASCII digit, spaces, line breaks and dashes gone. A secret
 * that survives this in the leaving text was rebuilt, whatever characters hid it from a check.
 */
export function readBack(text: string): string {
  return text
    .replace(/[\p{Cf}\p{Variation_Selector}]/gu, '')
    .normalize('NFKC')
    .replace(/\p{Nd}/gu, (d) => String(digitValue(d)))
    .replace(/[\s-]/g, '');
}

/** Unicode encodes decimal digits in runs of ten from 0: the digits before it say which it is. */
function digitValue(d: string): number {
  const cp = d.codePointAt(0) ?? 0;
  let n = 0;
  while (/\p{Nd}/u.test(String.fromCodePoint(cp - n - 1))) n++;
  return n % 10;
}
