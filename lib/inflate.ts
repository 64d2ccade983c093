/**
 * Deflate and gzip unpacked as a stream with fflate, with a ceiling on what comes out: deflate
 * packs runs up to about 1,032:1, so a few hundred KB can ask for gigabytes (a zip bomb). The
 * ceiling is checked on every piece inflated, and input goes in in small pieces, so what is held
 * at once stays far below it whatever the file claims about itself.
 */
import { Gunzip, Inflate } from 'fflate';

/**
 * The most one compressed file or entry read whole may unpack to (a memory export this large is
 * already far past what the Bring in dialog can show).
 */
export const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

/** Input handed to the inflater at once: at deflate's best ratio one piece yields about 16 MB. */
const PIECE_BYTES = 16 * 1024;

export class UnpackedSizeError extends Error {
  override name = 'UnpackedSizeError';
}

export function tooLarge(maxBytes: number): UnpackedSizeError {
  return new UnpackedSizeError(`it unpacks to more than ${maxBytes / 1048576} MB, the limit`);
}

export type Packing = 'deflate-raw' | 'gzip';

/**
 * A stream that unpacks what goes through it; it fails once the output passes `maxBytes`, and
 * with `damaged(reason)` when the data is not what `packing` says (cut short, not deflate).
 */
export function unpacking(
  packing: Packing,
  maxBytes = Number.POSITIVE_INFINITY,
  damaged: (reason: string) => Error = (reason) => new Error(`damaged ${packing} data (${reason})`),
): TransformStream<Uint8Array, Uint8Array> {
  let out: TransformStreamDefaultController<Uint8Array> | null = null;
  let total = 0;
  const take = (chunk: Uint8Array) => {
    total += chunk.byteLength;
    if (total > maxBytes) throw tooLarge(maxBytes);
    if (chunk.byteLength > 0) out?.enqueue(chunk);
  };
  const inflater = packing === 'gzip' ? new Gunzip(take) : new Inflate(take);
  const push = (piece: Uint8Array, final: boolean) => {
    try {
      inflater.push(piece, final);
    } catch (error) {
      throw error instanceof UnpackedSizeError ? error : damaged((error as Error).message);
    }
  };
  return new TransformStream({
    start(controller) {
      out = controller;
    },
    transform(chunk) {
      for (let at = 0; at < chunk.byteLength; at += PIECE_BYTES) {
        push(chunk.subarray(at, at + PIECE_BYTES), false);
      }
    },
    flush() {
      push(new Uint8Array(0), true);
    },
  });
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
  return collect(new Blob([data as BlobPart]).stream().pipeThrough(unpacking('gzip', maxBytes)));
}
