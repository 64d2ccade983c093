/**
 * Writes a ChatGPT-shaped data export zip to disk without holding it: uploaded images (random
 * bytes, stored, as real exports keep them), a chat.html, then conversations.json, deflated as
 * it is generated (bench/lib/history-corpus.ts's chats, synthetic text). Each entry's sizes and
 * CRC are written back into its local header once known, as a zip written to a file has them.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import { crc32, deflateRawSync } from 'node:zlib';
import { chatGptExport } from './history-corpus';

interface Written {
  name: Buffer;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

class ZipFile {
  private readonly fd: number;
  private at = 0;
  readonly entries: Written[] = [];

  constructor(path: string) {
    this.fd = openSync(path, 'w');
  }

  private write(bytes: Uint8Array, position = this.at): void {
    writeSync(this.fd, bytes, 0, bytes.byteLength, position);
    if (position === this.at) this.at += bytes.byteLength;
  }

  private header(e: Written): Buffer {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(0x0800, 6); // UTF-8 names
    h.writeUInt16LE(e.method, 8);
    h.writeUInt32LE(e.crc >>> 0, 14);
    h.writeUInt32LE(e.compressed, 18);
    h.writeUInt32LE(e.size, 22);
    h.writeUInt16LE(e.name.length, 26);
    return h;
  }

  /** One entry from pieces of its content: deflated piece by piece (method 8) or stored (0). */
  add(name: string, pieces: Iterable<Buffer>, method: 0 | 8): Written {
    const e: Written = { name: Buffer.from(name), method, crc: 0, compressed: 0, size: 0, offset: this.at };
    this.write(this.header(e));
    this.write(e.name);
    const parts: Buffer[] = [];
    for (const piece of pieces) {
      e.crc = crc32(piece, e.crc);
      e.size += piece.byteLength;
      if (method === 0) this.write(piece);
      else parts.push(piece);
      // Deflate in runs of ~8 MB, each ending on a byte boundary (sync flush) so they join.
      if (method === 8 && parts.reduce((n, p) => n + p.byteLength, 0) > 8 << 20) this.flushDeflate(parts, e);
    }
    if (method === 8) this.flushDeflate(parts, e, true);
    else e.compressed = e.size;
    this.write(this.header(e), e.offset);
    this.entries.push(e);
    return e;
  }

  private flushDeflate(parts: Buffer[], e: Written, last = false): void {
    const raw = Buffer.concat(parts.splice(0));
    const packed = last ? deflateRawSync(raw) : deflateRawSync(raw, { finishFlush: 2 /* Z_SYNC_FLUSH */ });
    e.compressed += packed.byteLength;
    this.write(packed);
  }

  close(): void {
    const dirStart = this.at;
    for (const e of this.entries) {
      const c = Buffer.alloc(46);
      c.writeUInt32LE(0x02014b50, 0);
      c.writeUInt16LE(20, 4);
      c.writeUInt16LE(20, 6);
      c.writeUInt16LE(0x0800, 8);
      c.writeUInt16LE(e.method, 10);
      c.writeUInt32LE(e.crc >>> 0, 16);
      c.writeUInt32LE(e.compressed, 20);
      c.writeUInt32LE(e.size, 24);
      c.writeUInt16LE(e.name.length, 28);
      c.writeUInt32LE(e.offset, 42);
      this.write(c);
      this.write(e.name);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.at - dirStart, 12);
    end.writeUInt32LE(dirStart, 16);
    this.write(end);
    closeSync(this.fd);
  }

  get bytes(): number {
    return this.at;
  }
}

/** conversations.json in pieces of a few hundred chats, ids unique across pieces. */
function* conversations(chars: number): Generator<Buffer> {
  yield Buffer.from('[');
  let written = 0;
  for (let k = 0; written < chars; k++) {
    const { json, chars: n } = chatGptExport(200, 20);
    const body = json.slice(1, -1).replace(/"bench-(\d+)"/g, `"bench-${k}-$1"`);
    yield Buffer.from(k > 0 ? `,${body}` : body);
    written += n;
  }
  yield Buffer.from(']');
}

function* images(bytes: number): Generator<Buffer> {
  for (let left = bytes; left > 0; left -= 1 << 20) yield randomBytes(Math.min(left, 1 << 20));
}

export interface ExportFigures {
  zipBytes: number;
  conversationsBytes: number;
  conversationsCompressed: number;
}

/** An export of about `mb` MB: a fifth images, a tenth chat.html, the rest conversations.json. */
export function writeChatGptExportZip(path: string, mb: number): ExportFigures {
  const zip = new ZipFile(path);
  const target = mb * 1048576;
  for (let i = 0; i < 8; i++) zip.add(`file-${i}-upload.png`, images(target / 5 / 8), 0);
  zip.add('chat.html', conversations(target / 30), 8);
  zip.add('user.json', [Buffer.from('{"id":"user-bench","email":"bench@example.com"}')], 8);
  // A character of this text is about 2.4 bytes of JSON, deflated about 2.4:1: one compressed byte.
  const json = zip.add('conversations.json', conversations(target - zip.bytes), 8);
  zip.close();
  return { zipBytes: zip.bytes, conversationsBytes: json.size, conversationsCompressed: json.compressed };
}
