/**
 * Reads a zip's entries whole, for comparing packages and unpacking the sources zip with
 * nothing but Node (a reviewer's machine and bare CI have no `unzip`): the extension's own zip
 * reader (lib/zip.ts), with no ceiling, since these are our own packages.
 */
import { readEntry, zipEntries } from '../../lib/zip';

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** Every entry, directories (names ending in `/`) included, in the directory's order. */
export async function readZip(zip: Buffer): Promise<ZipEntry[]> {
  const archive = new Blob([zip as BlobPart]);
  const entries: ZipEntry[] = [];
  for (const entry of await zipEntries(archive)) {
    const data = Buffer.from(await readEntry(archive, entry, Number.POSITIVE_INFINITY));
    entries.push({ name: entry.name, data });
  }
  return entries;
}
