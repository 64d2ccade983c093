/**
 * Streams one file out of a zip archive without reading the archive whole: the central
 * directory is read from the end of the file, then only the entry's bytes are read and
 * inflated as they arrive (DecompressionStream). A ChatGPT export zip holds
 * `conversations.json` among images and HTML; only that entry is read.
 * Layout per PKWARE's APPNOTE; stored or deflated entries, no zip64 or encryption.
 */
import { ZipError } from '../../unzip';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

async function bytesOf(blob: Blob, from: number, to: number): Promise<DataView> {
  return new DataView(await blob.slice(from, to).arrayBuffer());
}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

async function centralDirectory(blob: Blob): Promise<Entry[]> {
  const tailStart = Math.max(0, blob.size - 22 - 65_535);
  const tail = await bytesOf(blob, tailStart, blob.size);
  let end = -1;
  for (let i = tail.byteLength - 22; i >= 0; i--) {
    if (tail.getUint32(i, true) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipError('not a zip archive (no end of central directory)');
  const count = tail.getUint16(end + 10, true);
  const size = tail.getUint32(end + 12, true);
  const offset = tail.getUint32(end + 16, true);
  const dir = await bytesOf(blob, offset, offset + size);
  const names = new TextDecoder();
  const entries: Entry[] = [];
  for (let i = 0, at = 0; i < count; i++) {
    if (at + 46 > dir.byteLength || dir.getUint32(at, true) !== CENTRAL)
      throw new ZipError('damaged zip (central directory)');
    const nameLength = dir.getUint16(at + 28, true);
    const name = names.decode(new Uint8Array(dir.buffer, at + 46, nameLength));
    entries.push({
      name,
      method: dir.getUint16(at + 10, true),
      compressedSize: dir.getUint32(at + 20, true),
      localOffset: dir.getUint32(at + 42, true),
    });
    at += 46 + nameLength + dir.getUint16(at + 30, true) + dir.getUint16(at + 32, true);
  }
  return entries;
}

/** The bytes of the first entry whose name ends with `suffix`, inflated as they stream; null if none. */
export async function zipEntryStream(
  blob: Blob,
  suffix: string,
  onCompressedBytes: (n: number) => void,
): Promise<{ stream: ReadableStream<Uint8Array>; size: number } | null> {
  const entry = (await centralDirectory(blob)).find((e) => e.name === suffix || e.name.endsWith(`/${suffix}`));
  if (!entry) return null;
  const local = await bytesOf(blob, entry.localOffset, entry.localOffset + 30);
  if (local.getUint32(0, true) !== LOCAL) throw new ZipError('damaged zip (local header)');
  const start = entry.localOffset + 30 + local.getUint16(26, true) + local.getUint16(28, true);
  const counted = blob
    .slice(start, start + entry.compressedSize)
    .stream()
    .pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, out) {
          onCompressedBytes(chunk.byteLength);
          out.enqueue(chunk);
        },
      }),
    );
  if (entry.method === 0) return { stream: counted, size: entry.compressedSize };
  if (entry.method !== 8) throw new ZipError(`zip entry ${entry.name} uses compression method ${entry.method}`);
  const inflate = new DecompressionStream('deflate-raw') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
  return { stream: counted.pipeThrough(inflate), size: entry.compressedSize };
}
