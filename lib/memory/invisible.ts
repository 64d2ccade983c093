/**
 * Characters a reader cannot see but a model reads: every format character (`\p{Cf}`: the tag
 * characters U+E0000–E007F that spell hidden ASCII, bidi embeddings, overrides and isolates,
 * U+061C, zero-width spaces and joiners, the soft hyphen, the byte-order mark) and the variation
 * selectors (Unicode's Variation_Selector: U+FE00–FE0F, U+E0100–E01EF, U+180B–180F). Removed
 * where memory text is written and again where it is rendered into a block. One regular-expression pass:
 * linear in the text. Light on purpose: the content script imports it through the block helpers.
 */
const INVISIBLE = /[\p{Cf}\p{Variation_Selector}]/gu;

/** The text without invisible characters. */
export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/** The text without invisible characters, and how many were removed (for the panel's marker). */
export function withoutInvisible(text: string): { text: string; removed: number } {
  let removed = 0;
  const clean = text.replace(INVISIBLE, () => {
    removed++;
    return '';
  });
  return { text: clean, removed };
}
