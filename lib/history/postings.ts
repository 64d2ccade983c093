/**
 * One term's postings, packed: which turns of which chats hold the term and how often. A chat
 * is a small number (its index number, not its id) and postings are sorted by it, so each
 * entry costs about a byte: the size target is an index no larger than 1.5× the text.
 *
 * Layout, all unsigned LEB128 varints: per chat `chatDelta, turnCount`, then per turn
 * `(turnDelta << 2) | min(tf - 1, 3)`, followed by `tf - 4` when tf ≥ 4.
 */

export interface Posting {
  /** The chat's index number (lib/db/history-index.ts). */
  chat: number;
  /** The turn's position in the chat. */
  turn: number;
  /** Occurrences of the term in the turn. */
  tf: number;
}

/** Bytes written as varints into one growing buffer; several lists can share one. */
export class PostingWriter {
  private buf = new Uint8Array(64);
  len = 0;

  varint(value: number): void {
    let v = value;
    if (this.len + 5 > this.buf.length) {
      const next = new Uint8Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    while (v >= 0x80) {
      this.buf[this.len++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.buf[this.len++] = v;
  }

  bytes(): Uint8Array {
    return this.buf.slice(0, this.len);
  }

  /** Appends bytes packed elsewhere. */
  append(bytes: Uint8Array): void {
    if (this.len + bytes.length > this.buf.length) {
      const next = new Uint8Array(Math.max(this.buf.length * 2, this.len + bytes.length));
      next.set(this.buf);
      this.buf = next;
    }
    this.buf.set(bytes, this.len);
    this.len += bytes.length;
  }

  /** A view of bytes written, valid until the next write. */
  view(from: number, to: number): Uint8Array {
    return this.buf.subarray(from, to);
  }
}

/** Packs postings; they must be sorted by chat, then turn, with no repeats. */
export function encodePostings(postings: readonly Posting[]): Uint8Array {
  const flat: number[] = [];
  for (const p of postings) flat.push(p.chat, p.turn, p.tf);
  return encodeFlat(flat);
}

/** The same from flat `chat, turn, tf` triples, sorted, as the indexer gathers them. */
function encodeFlat(flat: ArrayLike<number>): Uint8Array {
  const w = new PostingWriter();
  encodeFlatTo(w, flat, 0, flat.length);
  return w.bytes();
}

/** Appends the packed list of the triples in `flat[from..to)` to `w`. */
export function encodeFlatTo(w: PostingWriter, flat: ArrayLike<number>, from: number, to: number): void {
  let prevChat = 0;
  let i = from;
  while (i < to) {
    const chat = flat[i]!;
    let end = i;
    while (end < to && flat[end] === chat) end += 3;
    w.varint(chat - prevChat);
    w.varint((end - i) / 3);
    let prevTurn = 0;
    for (; i < end; i += 3) {
      const turn = flat[i + 1]!;
      const tf = flat[i + 2]!;
      const extra = Math.min(tf - 1, 3);
      w.varint(((turn - prevTurn) << 2) | extra);
      if (extra === 3) w.varint(tf - 4);
      prevTurn = turn;
    }
    prevChat = chat;
  }
}

/** Calls `each` for every posting, in order; stops reading at the end of the bytes. */
function forEachPosting(bytes: Uint8Array, each: (chat: number, turn: number, tf: number) => void): void {
  let pos = 0;
  const read = (): number => {
    let v = 0;
    let shift = 0;
    for (;;) {
      const b = bytes[pos++];
      // A damaged row ends the list rather than looping past its end.
      if (b === undefined) throw new RangeError('postings end inside a number');
      v += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return v;
      shift += 7;
    }
  };
  let chat = 0;
  while (pos < bytes.length) {
    chat += read();
    const count = read();
    let turn = 0;
    for (let k = 0; k < count; k++) {
      const head = read();
      turn += Math.floor(head / 4);
      const extra = head & 3;
      each(chat, turn, extra === 3 ? read() + 4 : extra + 1);
    }
  }
}

/**
 * Writes a packed list's turns from `at` as keys `chat × turnSpan + turn` with their counts,
 * returning where it stopped; the arrays must have room (a turn takes at least a byte, so the
 * list's length is always enough). What forEachPosting does, without a call per turn: a common
 * term holds tens of thousands of turns, and decoding them is most of its first read.
 */
export function fillPostings(
  bytes: Uint8Array,
  turnSpan: number,
  keys: Float64Array,
  tfs: Float64Array,
  at: number,
): number {
  const len = bytes.length;
  let pos = 0;
  let n = at;
  let chat = 0;
  while (pos < len) {
    let b = bytes[pos++]!;
    let v = b & 0x7f;
    for (let mul = 128; b >= 0x80; mul *= 128) {
      b = bytes[pos++]!;
      v += (b & 0x7f) * mul;
    }
    chat += v;
    b = bytes[pos++]!;
    let count = b & 0x7f;
    for (let mul = 128; b >= 0x80; mul *= 128) {
      b = bytes[pos++]!;
      count += (b & 0x7f) * mul;
    }
    const base = chat * turnSpan;
    let turn = 0;
    for (let k = 0; k < count; k++) {
      b = bytes[pos++]!;
      let head = b & 0x7f;
      for (let mul = 128; b >= 0x80; mul *= 128) {
        b = bytes[pos++]!;
        head += (b & 0x7f) * mul;
      }
      turn += Math.floor(head / 4);
      let tf = (head & 3) + 1;
      if (tf === 4) {
        b = bytes[pos++]!;
        let extra = b & 0x7f;
        for (let mul = 128; b >= 0x80; mul *= 128) {
          b = bytes[pos++]!;
          extra += (b & 0x7f) * mul;
        }
        tf = extra + 4;
      }
      // A damaged row ends the list rather than running past its end.
      if (pos > len) throw new RangeError('postings end inside a number');
      keys[n] = base + turn;
      tfs[n++] = tf;
    }
  }
  if (pos > len) throw new RangeError('postings end inside a number');
  return n;
}

export function decodePostings(bytes: Uint8Array): Posting[] {
  const out: Posting[] = [];
  forEachPosting(bytes, (chat, turn, tf) => out.push({ chat, turn, tf }));
  return out;
}

/**
 * Several packed lists of one term merged into one, leaving out the chats `drop` names. Where two
 * lists hold the same turn of the same chat, the later list wins.
 */
export function mergePostings(lists: readonly Uint8Array[], drop: (chat: number) => boolean): Uint8Array {
  const byKey = new Map<number, Posting>();
  for (const list of lists) {
    forEachPosting(list, (chat, turn, tf) => {
      if (!drop(chat)) byKey.set(chat * 65_536 + turn, { chat, turn, tf });
    });
  }
  const all = [...byKey.values()].sort((a, b) => a.chat - b.chat || a.turn - b.turn);
  return encodePostings(all);
}
