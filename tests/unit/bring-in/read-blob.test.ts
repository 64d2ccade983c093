/** Reading a chosen file chunk by chunk: every byte in order, and counts that only grow to the size. */
import { describe, expect, it } from 'vitest';
import { readBlob } from '../../../lib/bring-in/read-blob';

describe('reading a file with progress', () => {
  it('returns the exact bytes of a multi-chunk file and reports 0 … size', async () => {
    const bytes = Uint8Array.from({ length: 600_017 }, (_, i) => (i * 31) % 251);
    const blob = new Blob([bytes.slice(0, 1000), bytes.slice(1000)]);
    const seen: [number, number][] = [];
    const out = await readBlob(blob, (done, total) => seen.push([done, total]));
    expect(Buffer.from(out).equals(Buffer.from(bytes))).toBe(true);
    expect(seen.length).toBeGreaterThan(2);
    expect(seen[0]).toEqual([0, bytes.length]);
    expect(seen.at(-1)).toEqual([bytes.length, bytes.length]);
    expect(seen.every(([d], i) => i === 0 || d > (seen[i - 1]?.[0] ?? 0))).toBe(true);
  });

  it('an empty file reads as empty', async () => {
    expect(await readBlob(new Blob([]), () => {})).toEqual(new Uint8Array(0));
  });
});
