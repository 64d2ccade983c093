/**
 * Length-prefixed JSON frames: a 32-bit length in the machine's byte order, then that many
 * bytes of UTF-8 JSON. It is the browser's native messaging format, and the bridge uses the same
 * on its Unix socket. A length over the bound is refused before any of its body is buffered:
 * the stream cannot be resynchronised after that, so the caller closes it.
 */
import { endianness } from 'node:os';

const HEADER = 4;
const LITTLE = endianness() === 'LE';

export class FrameError extends Error {
  override name = 'FrameError';
}

export function encodeFrame(message: unknown, maxBytes: number): Buffer {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  if (body.length > maxBytes) throw new FrameError(`frame of ${body.length} bytes is over the ${maxBytes}-byte bound`);
  const frame = Buffer.allocUnsafe(HEADER + body.length);
  if (LITTLE) frame.writeUInt32LE(body.length, 0);
  else frame.writeUInt32BE(body.length, 0);
  body.copy(frame, HEADER);
  return frame;
}

/** One decoded frame: its JSON value, or why it is not JSON (the stream itself is still in step). */
export type Frame = { ok: true; value: unknown } | { ok: false; error: string };

export class FrameDecoder {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private broken: FrameError | null = null;

  constructor(private readonly maxBytes: number) {}

  /** Frames completed by this chunk; throws FrameError (and keeps throwing) once a length is over the bound. */
  push(chunk: Buffer): Frame[] {
    if (this.broken) throw this.broken;
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const out: Frame[] = [];
    while (this.buffered >= HEADER) {
      const head = this.peek(HEADER);
      const length = LITTLE ? head.readUInt32LE(0) : head.readUInt32BE(0);
      if (length > this.maxBytes) {
        this.broken = new FrameError(`frame of ${length} bytes is over the ${this.maxBytes}-byte bound`);
        this.chunks = [];
        this.buffered = 0;
        throw this.broken;
      }
      if (this.buffered < HEADER + length) break;
      const body = this.take(HEADER + length).subarray(HEADER);
      out.push(parse(body));
    }
    return out;
  }

  private peek(n: number): Buffer {
    const first = this.chunks[0] as Buffer;
    if (first.length >= n) return first.subarray(0, n);
    const joined = Buffer.concat(this.chunks);
    this.chunks = [joined];
    return joined.subarray(0, n);
  }

  private take(n: number): Buffer {
    const joined = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks);
    this.chunks = joined.length > n ? [joined.subarray(n)] : [];
    this.buffered -= n;
    return joined.subarray(0, n);
  }
}

function parse(body: Buffer): Frame {
  try {
    return { ok: true, value: JSON.parse(body.toString('utf8')) };
  } catch {
    return { ok: false, error: 'frame is not JSON' };
  }
}
