/** Length-prefixed frames: split anywhere, several per chunk, and a length over the bound refused before its body. */
import { describe, expect, it } from 'vitest';
import { encodeFrame, FrameDecoder, FrameError } from '../../../bridge/frames';

describe('frames', () => {
  it('decodes frames split at every byte, and several in one chunk', () => {
    const messages = [{ a: 1 }, '成都', { q: 'x'.repeat(300) }];
    const bytes = Buffer.concat(messages.map((m) => encodeFrame(m, 1024)));
    const byteWise = new FrameDecoder(1024);
    const out = [...bytes].flatMap((b) => byteWise.push(Buffer.from([b])));
    expect(out).toEqual(messages.map((value) => ({ ok: true, value })));
    expect(new FrameDecoder(1024).push(bytes)).toHaveLength(3);
  });

  it('flags a frame that is not JSON and stays in step for the next one', () => {
    const bad = Buffer.from('{nope');
    const head = Buffer.alloc(4);
    head.writeUInt32LE(bad.length);
    const decoder = new FrameDecoder(1024);
    expect(decoder.push(Buffer.concat([head, bad, encodeFrame({ ok: 1 }, 1024)]))).toEqual([
      { ok: false, error: 'frame is not JSON' },
      { ok: true, value: { ok: 1 } },
    ]);
  });

  it('refuses a length over the bound from its header alone, and stays refused', () => {
    const decoder = new FrameDecoder(1024);
    const head = Buffer.alloc(4);
    head.writeUInt32LE(0xffffffff);
    expect(() => decoder.push(head)).toThrow(FrameError);
    // Nothing after it is read: the stream cannot be trusted any more.
    expect(() => decoder.push(encodeFrame({ ok: 1 }, 1024))).toThrow(FrameError);
  });

  it('refuses to write a frame over the bound, counting UTF-8 bytes', () => {
    expect(() => encodeFrame('成'.repeat(400), 1024)).toThrow(FrameError);
    expect(encodeFrame('成'.repeat(300), 1024).length).toBe(4 + 2 + 900);
  });
});
