/**
 * Terms are stored in hashed buckets: a row holds, for one bucket and one segment, every term
 * of the bucket with its packed postings. A segment is then at most BUCKETS rows however many
 * distinct terms it has (a Chinese corpus has millions of character pairs, most of them rare),
 * and a query reads, per term, the rows of one bucket: 1/BUCKETS of the index, skipping the
 * other terms' bytes without decoding them.
 *
 * Row layout: per term `varint(termBytes) termUtf8 varint(postingBytes) postings`.
 */
export const BUCKETS = 4096;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function bucketOf(term: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < term.length; i++) {
    h ^= term.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % BUCKETS;
}

function varintLength(v: number): number {
  let n = 1;
  for (let x = v; x >= 0x80; x = Math.floor(x / 128)) n++;
  return n;
}

function writeVarint(out: Uint8Array, at: number, value: number): number {
  let v = value;
  let pos = at;
  while (v >= 0x80) {
    out[pos++] = (v & 0x7f) | 0x80;
    v = Math.floor(v / 128);
  }
  out[pos++] = v;
  return pos;
}

function readVarint(bytes: Uint8Array, at: number): [number, number] {
  let v = 0;
  let shift = 0;
  let pos = at;
  for (;;) {
    const b = bytes[pos++];
    if (b === undefined) throw new RangeError('bucket row ends inside a number');
    v += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) return [v, pos];
    shift += 7;
  }
}

/** Bytes of a string in UTF-8 (a lone surrogate as U+FFFD, as TextEncoder does). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00 && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * Writes a string as UTF-8 at `at`, returning the end. By hand: TextEncoder per term was a
 * sixth of an import's time in Chromium (a call for each of millions of short strings).
 */
export function writeUtf8(out: Uint8Array, at: number, s: string): number {
  let pos = at;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      out[pos++] = c;
      continue;
    }
    if (c < 0x800) {
      out[pos++] = 0xc0 | (c >> 6);
      out[pos++] = 0x80 | (c & 0x3f);
      continue;
    }
    if (c >= 0xd800 && c < 0xdc00 && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      c = 0x10000 + ((c - 0xd800) << 10) + (s.charCodeAt(++i) - 0xdc00);
      out[pos++] = 0xf0 | (c >> 18);
      out[pos++] = 0x80 | ((c >> 12) & 0x3f);
      out[pos++] = 0x80 | ((c >> 6) & 0x3f);
      out[pos++] = 0x80 | (c & 0x3f);
      continue;
    }
    if (c >= 0xd800 && c < 0xe000) c = 0xfffd;
    out[pos++] = 0xe0 | (c >> 12);
    out[pos++] = 0x80 | ((c >> 6) & 0x3f);
    out[pos++] = 0x80 | (c & 0x3f);
  }
  return pos;
}

/** Packs a bucket's terms and their postings into one row value. */
export function encodeBucket(entries: readonly (readonly [string, Uint8Array])[]): Uint8Array {
  let size = 0;
  for (const [term, postings] of entries) {
    const tl = utf8Length(term);
    size += varintLength(tl) + tl + varintLength(postings.length) + postings.length;
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const [term, p] of entries) {
    at = writeVarint(out, at, utf8Length(term));
    at = writeUtf8(out, at, term);
    at = writeVarint(out, at, p.length);
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Every term of a row with its postings (views into the row, not copies). */
export function* bucketEntries(row: Uint8Array): Generator<[string, Uint8Array]> {
  let at = 0;
  while (at < row.length) {
    const [tl, a] = readVarint(row, at);
    const term = decoder.decode(row.subarray(a, a + tl));
    const [pl, b] = readVarint(row, a + tl);
    yield [term, row.subarray(b, b + pl)];
    at = b + pl;
  }
}

function sameBytes(row: Uint8Array, at: number, want: Uint8Array): boolean {
  for (let i = 0; i < want.length; i++) if (row[at + i] !== want[i]) return false;
  return true;
}

/** The postings of one term in a row, or null; other terms are skipped by their lengths. */
export function findInBucket(row: Uint8Array, term: Uint8Array): Uint8Array | null {
  let at = 0;
  while (at < row.length) {
    const [tl, a] = readVarint(row, at);
    const [pl, b] = readVarint(row, a + tl);
    if (tl === term.length && sameBytes(row, a, term)) return row.subarray(b, b + pl);
    at = b + pl;
  }
  return null;
}

export function termBytes(term: string): Uint8Array {
  return encoder.encode(term);
}
