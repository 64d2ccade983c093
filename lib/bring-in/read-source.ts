/**
 * What the "Bring in memories" dialog reads: pasted text, or a file chosen by the user. The
 * file's name decides how it is read: a zip (OpenMemory's backup: its memories.json, else
 * memories.jsonl.gz), a .gz, JSON / JSON Lines (mem0, OpenMemory), else Markdown or text.
 */

import { gunzip } from '../inflate';
import { entryNamed, readEntry, ZipError, zipEntries } from '../zip';
import { parseMem0 } from './mem0';
import { parseText } from './text';
import type { FoundSource } from './types';

const MAX_SOURCE_BYTES = 20 * 1024 * 1024;

export class SourceError extends Error {
  override name = 'SourceError';
}

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function fromZip(bytes: Uint8Array): Promise<FoundSource> {
  const archive = new Blob([bytes as BlobPart]);
  const entries = await zipEntries(archive);
  const json = entryNamed(entries, 'memories.json');
  const jsonl = entryNamed(entries, 'memories.jsonl.gz');
  if (json) return parseMem0(decode(await readEntry(archive, json)));
  if (jsonl) return parseMem0(decode(await gunzip(await readEntry(archive, jsonl))));
  throw new SourceError('the zip has no memories.json or memories.jsonl.gz (is it an OpenMemory backup?)');
}

function fromJsonText(text: string): FoundSource {
  if (/"format"\s*:\s*"claude-mem\.memories"/.test(text.slice(0, 2000))) {
    throw new SourceError('this is a claude-mem export: use "Import memories" for it, which keeps every field');
  }
  return parseMem0(text);
}

/** Refuses a file over the limit by its size alone, before any of it is read. */
export function checkSourceSize(size: number): void {
  if (size > MAX_SOURCE_BYTES) {
    throw new SourceError(
      `the file is ${(size / 1048576).toFixed(1)} MB; the limit is ${MAX_SOURCE_BYTES / 1048576} MB`,
    );
  }
}

export async function readSourceFile(name: string, bytes: Uint8Array): Promise<FoundSource> {
  checkSourceSize(bytes.byteLength);
  const lower = name.toLowerCase();
  try {
    if (lower.endsWith('.zip')) return await fromZip(bytes);
    if (lower.endsWith('.gz')) return fromJsonText(decode(await gunzip(bytes)));
    if (lower.endsWith('.json') || lower.endsWith('.jsonl')) return fromJsonText(decode(bytes));
    return parseText(decode(bytes), lower.endsWith('.md') || lower.endsWith('.markdown') ? 'markdown' : 'text');
  } catch (error) {
    if (error instanceof ZipError || error instanceof SourceError) throw error;
    throw new SourceError(`${name}: ${(error as Error).message}`);
  }
}

/** Pasted text: a JSON export pasted whole is read as one; anything else as a list. */
export function readPasted(text: string): FoundSource {
  const trimmed = text.trim();
  if (/^[[{]/.test(trimmed)) {
    try {
      return fromJsonText(trimmed);
    } catch (error) {
      if (error instanceof SourceError) throw error;
    }
  }
  return parseText(text, 'text');
}
