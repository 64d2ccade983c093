/**
 * Reads one file out of a zip archive (OpenMemory's backup is a zip) with the platform's
 * DecompressionStream: no library. Only what such an archive uses: stored or deflated
 * entries, no encryption, no zip64. Layout per PKWARE's APPNOTE: the end-of-central-directory
 * record gives the central directory, whose entries point at each local header.
 */
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export class ZipError extends Error {
  override name = 'ZipError';
}

/**
 * The most one compressed file or entry may unpack to. Deflate packs runs up to about 1,000:1,
 * so a 20 MB file could ask for 20 GB and bring down the tab reading it; a real memory export
 * this large is already far past what the dialog can show.
 */
export const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

class UnpackedSizeError extends Error {
  override name = 'UnpackedSizeError';
}

/** Inflates chunk by chunk and stops reading the moment the output passes the limit. */
async function inflate(data: Uint8Array, format: 'deflate-raw' | 'gzip'): Promise<Uint8Array> {
  const reader = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream(format)).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_UNPACKED_BYTES) {
      await reader.cancel();
      throw new UnpackedSizeError(`it unpacks to more than ${MAX_UNPACKED_BYTES / 1048576} MB, the limit`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

export function gunzip(data: Uint8Array): Promise<Uint8Array> {
  return inflate(data, 'gzip');
}

function findEnd(view: DataView): number {
  for (let i = view.byteLength - 22; i >= Math.max(0, view.byteLength - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === EOCD) return i;
  }
  throw new ZipError('not a zip archive (no end of central directory)');
}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

export function listZip(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEnd(view);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== CENTRAL) throw new ZipError('damaged zip (central directory)');
    const nameLength = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true);
    const comment = view.getUint16(at + 32, true);
    entries.push({
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      localOffset: view.getUint32(at + 42, true),
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

export async function readZipEntry(bytes: Uint8Array, entry: ZipEntry): Promise<Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (view.getUint32(at, true) !== LOCAL) throw new ZipError('damaged zip (local header)');
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return data;
  if (entry.method === 8) return inflate(data, 'deflate-raw');
  throw new ZipError(`zip entry ${entry.name} uses compression method ${entry.method}, which is not supported`);
}
