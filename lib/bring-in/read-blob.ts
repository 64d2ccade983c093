/**
 * Reads a chosen file's bytes chunk by chunk, so a large export shows how far the read has got,
 * instead of one `arrayBuffer()` that reports nothing until the end. Stopping it is the
 * worker's end (lib/bring-in/source-job.ts). Pure: runs in that worker and in unit tests.
 */

/** Bytes read so far of the file's size. */
export type ByteProgress = (done: number, total: number) => void;

export async function readBlob(blob: Blob, onProgress: ByteProgress): Promise<Uint8Array> {
  const total = blob.size;
  const out = new Uint8Array(total);
  const reader = blob.stream().getReader();
  let done = 0;
  onProgress(0, total);
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      // A file that grew while being read is cut at the size it had when chosen.
      const part = chunk.value.subarray(0, Math.max(0, total - done));
      out.set(part, done);
      done += part.byteLength;
      onProgress(done, total);
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return done === total ? out : out.subarray(0, done);
}
