/**
 * Deflate and gzip unpacked as a stream by the platform's DecompressionStream (native zlib in
 * Chromium, Firefox and Node), with a ceiling on what comes out: deflate packs runs up to about
 * 1,032:1, so a few hundred KB can ask for gigabytes (a zip bomb). The output is counted piece
 * by piece as it is read, and the unpacking stops the moment it passes the ceiling, whatever the
 * file claims about its own sizes. (fflate's Inflate, tried in its place, read a 183 MB export
 * 2–3 times slower in Chromium: CONTRIBUTING.md, "Libraries and why".)
 */

/**
 * The most one compressed file or entry read whole may unpack to (a memory export this large is
 * already far past what the Bring in dialog can show).
 */
export const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

export class UnpackedSizeError extends Error {
  override name = 'UnpackedSizeError';
}

export function tooLarge(maxBytes: number): UnpackedSizeError {
  return new UnpackedSizeError(`it unpacks to more than ${maxBytes / 1048576} MB, the limit`);
}

export type Packing = 'deflate-raw' | 'gzip';

/**
 * The bytes of `packed`, unpacked as they are read; the stream fails once the output passes
 * `maxBytes` (the unpacking is cancelled there), and with `damaged(reason)` when the data is not
 * what `packing` says (cut short, not deflate).
 */
export function unpacked(
  packed: ReadableStream<Uint8Array>,
  packing: Packing,
  maxBytes = Number.POSITIVE_INFINITY,
  damaged: (reason: string) => Error = (reason) => new Error(`damaged ${packing} data (${reason})`),
): ReadableStream<Uint8Array> {
  const native = new DecompressionStream(packing) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
  const reader = packed.pipeThrough(native).getReader();
  let total = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(out) {
        let read: ReadableStreamReadResult<Uint8Array>;
        try {
          read = await reader.read();
        } catch (error) {
          throw damaged(error instanceof Error ? error.message : String(error));
        }
        if (read.done) return out.close();
        total += read.value.byteLength;
        if (total > maxBytes) {
          await reader.cancel();
          throw tooLarge(maxBytes);
        }
        out.enqueue(read.value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}

/** All of a stream's bytes in one array. */
export async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.byteLength;
  }
  const whole = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    whole.set(c, at);
    at += c.byteLength;
  }
  return whole;
}

export function gunzip(data: Uint8Array, maxBytes = MAX_UNPACKED_BYTES): Promise<Uint8Array> {
  return collect(unpacked(new Blob([data as BlobPart]).stream(), 'gzip', maxBytes));
}
