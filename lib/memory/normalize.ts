/**
 * Normalised text for duplicate detection: NFKC (full-width → half-width), lower case, and
 * only letters and digits kept, so "Lives in Beijing." and "lives in beijing" compare equal
 * and so do "喜欢美式咖啡。" and "喜欢美式咖啡".
 */
export function normalizeContent(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

export function contentKey(type: string, content: string): string {
  return `${type}\u0000${normalizeContent(content)}`;
}
