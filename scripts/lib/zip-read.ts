/**
 * Reads a zip's entries (stored or deflated; no zip64), for comparing packages and unpacking
 * the sources zip with nothing but Node: a reviewer's machine and bare CI have no `unzip`.
 * The central directory is the truth (APPNOTE 4.3.12); each entry's data follows its local header.
 */
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Buffer;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

function endOfDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535: search backwards from the end.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw new Error('not a zip: no end of central directory');
}

function entryData(zip: Buffer, local: number, method: number, size: number, name: string): Buffer {
  if (zip.readUInt32LE(local) !== LOCAL_HEADER) throw new Error(`bad local header for ${name}`);
  const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  const raw = zip.subarray(start, start + size);
  if (method === 0) return Buffer.from(raw);
  if (method === 8) return inflateRawSync(raw);
  throw new Error(`${name}: compression method ${method} is not supported`);
}

/** Every entry, directories (names ending in `/`) included, in the directory's order. */
export function readZip(zip: Buffer): ZipEntry[] {
  const end = endOfDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new Error(`bad central directory entry ${i}`);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    entries.push({ name, data: entryData(zip, zip.readUInt32LE(at + 42), method, size, name) });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}
