/**
 * Captures as deltas: the page sends only the turns from the first one that changed since its
 * last accepted capture, and names the turns before it by one fingerprint; the background
 * puts the stored turns with that fingerprint in front, or asks for everything when they differ
 * (another tab changed the chat, it was cut, restored or deleted). The fingerprint is no
 * security boundary (a page can send any turns of its own site anyway), only a guard against
 * drift. Both halves live here so they cannot disagree.
 */

/** cyrb53: a 53-bit string hash, linear in the text. */
function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** One turn's fingerprint: its role and text. */
export function turnHash(turn: { role: string; text: string }): string {
  return hash53(`${turn.role}\u0000${turn.text}`).toString(36);
}

/** The fingerprint of a list of turns, from their own fingerprints. */
function prefixHash(hashes: readonly string[]): string {
  return hash53(hashes.join(',')).toString(36);
}

interface Turn {
  role: 'user' | 'assistant';
  text: string;
}

/** The page's half: the turns from the first that differs from what was sent, and the fingerprint of those before. */
export function deltaOf(turns: readonly (Turn & { hash: string })[], sentHashes: readonly string[]) {
  let base = 0;
  while (base < turns.length && base < sentHashes.length && turns[base]!.hash === sentHashes[base]) base++;
  // A list that only got shorter still sends its last turn, so the background sees where it ends.
  if (base === turns.length && base > 0 && sentHashes.length !== turns.length) base--;
  return {
    base,
    prefix: prefixHash(turns.slice(0, base).map((t) => t.hash)),
    turns: turns.slice(base).map((t) => ({ role: t.role, text: t.text })),
  };
}

/**
 * The background's half: the whole list the page shows, from the stored turns before `base`
 * when they have the fingerprint `prefix`, and the turns sent; null when they do not (the
 * page must send everything).
 */
export function joinDelta(stored: readonly Turn[], base: number, prefix: string, tail: readonly Turn[]): Turn[] | null {
  if (base === 0) return tail.map(({ role, text }) => ({ role, text }));
  const head = stored.slice(0, base);
  if (head.length !== base || prefixHash(head.map(turnHash)) !== prefix) return null;
  return [...head, ...tail].map(({ role, text }) => ({ role, text }));
}
