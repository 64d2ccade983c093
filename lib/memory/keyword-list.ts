/**
 * A memory's search keywords: short terms the extraction model adds (its category, common
 * synonyms, its main terms in the other of English/Chinese) so a request in other words or
 * the other language still finds it. The ranker indexes them below the memory's own text.
 * Optional on every record: absent (or empty) means none were made yet.
 */
export const MAX_KEYWORDS = 8;
export const MAX_KEYWORD_CHARS = 40;

/** Trimmed, non-empty, without repeats (case-insensitive), at most MAX_KEYWORDS. */
export function cleanKeywords(list: readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list ?? []) {
    const k = raw.normalize('NFKC').replace(/\s+/g, ' ').trim().slice(0, MAX_KEYWORD_CHARS);
    if (!k || seen.has(k.toLowerCase())) continue;
    seen.add(k.toLowerCase());
    out.push(k);
    if (out.length >= MAX_KEYWORDS) break;
  }
  return out;
}
