/**
 * The one zip reader: files out of an archive without holding the archive. The central
 * directory is read from the end of the file (PKWARE's APPNOTE: the end-of-central-directory
 * record points at it, and each of its entries at a local header), then only the chosen entry's
 * bytes are read and unpacked as they stream (inflate.ts). It reads every zip the
 * extension opens: a ChatGPT or Claude export of hundreds of MB, an OpenMemory backup.
 *
 * Only what such archives use: stored or deflated entries; zip64 and encrypted entries are
 * refused by name. The directory is read here rather than by fflate's streaming `Unzip`: that
 * one walks local headers front to back, keeps every entry it is not asked to read in memory,
 * and finds the end of an entry written with a data descriptor by looking for a signature among
 * its compressed bytes, where one can occur by chance (fflate issues #208 and #243).
 */
import { collect, MAX_UNPACKED_BYTES, tooLarge, unpacked } from './inflate';

export class ZipError extends Error {
  override name = 'ZipError';
}

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  localOffset: number;
}

/** The three records read, by their signature and fixed length (APPNOTE 4.3.7, 4.3.12, 4.3.16). */
const RECORD = {
  end: { signature: 0x06054b50, bytes: 22 },
  central: { signature: 0x02014b50, bytes: 46 },
  local: { signature: 0x04034b50, bytes: 30 },
} as const;
const MAX_COMMENT_BYTES = 65_535;
/** A 32-bit field at its maximum: the real value is in a zip64 record. */
const ZIP64 = 0xffffffff;

async function bytesAt(archive: Blob, from: number, to: number): Promise<DataView> {
  if (from < 0 || to > archive.size || from > to)
    throw new ZipError('damaged zip (it points past the end of the file)');
  return new DataView(await archive.slice(from, to).arrayBuffer());
}

function endRecordAt(tail: DataView): number {
  for (let at = tail.byteLength - RECORD.end.bytes; at >= 0; at--) {
    if (tail.getUint32(at, true) === RECORD.end.signature) return at;
  }
  throw new ZipError('not a zip archive (no end of central directory)');
}

function entriesOf(dir: DataView, count: number): ZipEntry[] {
  const names = new TextDecoder();
  const entries: ZipEntry[] = [];
  for (let i = 0, at = 0; i < count; i++) {
    if (at + RECORD.central.bytes > dir.byteLength || dir.getUint32(at, true) !== RECORD.central.signature)
      throw new ZipError('damaged zip (central directory)');
    const nameBytes = dir.getUint16(at + 28, true);
    const next = at + RECORD.central.bytes + nameBytes + dir.getUint16(at + 30, true) + dir.getUint16(at + 32, true);
    if (next > dir.byteLength) throw new ZipError('damaged zip (central directory)');
    const entry = {
      name: names.decode(new Uint8Array(dir.buffer, dir.byteOffset + at + RECORD.central.bytes, nameBytes)),
      flags: dir.getUint16(at + 8, true),
      method: dir.getUint16(at + 10, true),
      compressedSize: dir.getUint32(at + 20, true),
      localOffset: dir.getUint32(at + 42, true),
    };
    if (entry.compressedSize === ZIP64 || entry.localOffset === ZIP64)
      throw new ZipError('this is a zip64 archive, which is not supported');
    entries.push(entry);
    at = next;
  }
  return entries;
}

/** The archive's entries, as its central directory lists them. */
export async function zipEntries(archive: Blob): Promise<ZipEntry[]> {
  const tail = await bytesAt(archive, Math.max(0, archive.size - RECORD.end.bytes - MAX_COMMENT_BYTES), archive.size);
  const end = endRecordAt(tail);
  const count = tail.getUint16(end + 10, true);
  const size = tail.getUint32(end + 12, true);
  const offset = tail.getUint32(end + 16, true);
  if (count === 0xffff || size === ZIP64 || offset === ZIP64)
    throw new ZipError('this is a zip64 archive, which is not supported');
  return entriesOf(await bytesAt(archive, offset, offset + size), count);
}

/** The first file entry named `name`, at the top or in any folder; undefined if none. */
export function entryNamed(entries: readonly ZipEntry[], name: string): ZipEntry | undefined {
  return entries.find((e) => e.name === name || e.name.endsWith(`/${name}`));
}

function counted(stream: ReadableStream<Uint8Array>, onBytes: (n: number) => void): ReadableStream<Uint8Array> {
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, out) {
        onBytes(chunk.byteLength);
        out.enqueue(chunk);
      },
    }),
  );
}

export interface EntryReading {
  /** Called with each piece of the entry's compressed bytes as it is read (for progress). */
  onCompressedBytes?: (n: number) => void;
  /** The most the entry may unpack to; past it the stream fails (UnpackedSizeError). */
  maxBytes?: number;
}

/** The entry's bytes, unpacked as they stream from the archive. */
export async function openEntry(
  archive: Blob,
  entry: ZipEntry,
  reading: EntryReading = {},
): Promise<ReadableStream<Uint8Array>> {
  const { onCompressedBytes = () => {}, maxBytes = Number.POSITIVE_INFINITY } = reading;
  if (entry.flags & 1) throw new ZipError(`zip entry ${entry.name} is encrypted, which is not supported`);
  if (entry.method !== 0 && entry.method !== 8)
    throw new ZipError(`zip entry ${entry.name} uses compression method ${entry.method}, which is not supported`);
  const local = await bytesAt(archive, entry.localOffset, entry.localOffset + RECORD.local.bytes);
  if (local.getUint32(0, true) !== RECORD.local.signature) throw new ZipError('damaged zip (local header)');
  const start = entry.localOffset + RECORD.local.bytes + local.getUint16(26, true) + local.getUint16(28, true);
  if (start + entry.compressedSize > archive.size)
    throw new ZipError(`damaged zip (entry ${entry.name} runs past the end of the file)`);
  const raw = counted(archive.slice(start, start + entry.compressedSize).stream(), onCompressedBytes);
  if (entry.method === 8) {
    const damaged = (reason: string) => new ZipError(`damaged zip (entry ${entry.name}: ${reason})`);
    return unpacked(raw, 'deflate-raw', maxBytes, damaged);
  }
  if (entry.compressedSize > maxBytes) throw tooLarge(maxBytes);
  return raw;
}

/** The whole of one entry, refused past `maxBytes` unpacked. */
export async function readEntry(archive: Blob, entry: ZipEntry, maxBytes = MAX_UNPACKED_BYTES): Promise<Uint8Array> {
  return collect(await openEntry(archive, entry, { maxBytes }));
}
