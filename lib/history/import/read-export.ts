/**
 * Reads a chat-history export as a stream: a ChatGPT or Claude `conversations.json`, the zip
 * it comes in (that entry, or the numbered parts `conversations-000.json`, … a large export is
 * split into), or this extension's own export with chat history. Conversations come out in
 * batches, each parsed on its own, so the file's size bounds nothing but the time it takes;
 * the caller's `onBatch` resolves when the batch is stored, which paces the reading.
 */
import { isSiteId } from '../../sites/ids';
import { entryNamed, openEntry, type ZipEntry, zipEntries } from '../../zip';
import { readChatGptConversation } from './chatgpt';
import { readClaudeConversation } from './claude';
import { JsonElementSplitter } from './json-elements';
import { IMPORT_BATCH_MAX, type ImportedConversation, isoOf, isRecord } from './types';

export interface ExportProgress {
  /** Bytes of the file read so far (of the entry, for a zip), and of how many. */
  done: number;
  total: number;
  conversations: number;
  skipped: number;
}

export type OnBatch = (batch: ImportedConversation[], progress: ExportProgress) => Promise<void>;

/**
 * About 6 MB of text a batch: each batch the store indexes as one segment of up to 4,096 rows,
 * so fewer, larger batches write fewer rows (at 2 MB, writing the rows was a third of an
 * import in Chromium). Larger still would hold the background's memory longer for little.
 */
const BATCH_CHARS = 6_000_000;

/** This extension's own export: its chats, with their turns, when it was saved with history. */
function ownChats(doc: Record<string, unknown>): ImportedConversation[] {
  const chats = Array.isArray(doc.chats) ? doc.chats : [];
  const out: ImportedConversation[] = [];
  for (const c of chats) {
    if (!isRecord(c) || typeof c.conversationId !== 'string' || !isSiteId(c.site) || !Array.isArray(c.turns)) continue;
    const turns = c.turns
      .filter(isRecord)
      .filter((t) => (t.role === 'user' || t.role === 'assistant') && typeof t.text === 'string' && t.text !== '')
      .map((t) => ({ role: t.role as 'user' | 'assistant', text: t.text as string, at: isoOf(t.at) }));
    out.push({
      site: c.site,
      conversationId: c.conversationId,
      title: typeof c.title === 'string' ? c.title : '',
      url: typeof c.url === 'string' ? c.url : '',
      createdAt: isoOf(c.createdAt),
      updatedAt: isoOf(c.updatedAt),
      turns,
    });
  }
  return out;
}

/** One parsed element: a ChatGPT or Claude conversation, or (top level) our own export. */
function conversationsOf(element: unknown): ImportedConversation[] {
  if (!isRecord(element)) return [];
  if (element.format === 'claude-mem.memories') return ownChats(element);
  const one = 'mapping' in element ? readChatGptConversation(element) : readClaudeConversation(element);
  return one ? [one] : [];
}

async function pump(
  stream: ReadableStream<Uint8Array>,
  splitter: JsonElementSplitter,
  each: (json: string) => Promise<void>,
) {
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
    for (const json of splitter.push(text)) await each(json);
    if (done) break;
  }
  for (const json of splitter.end()) await each(json);
}

/** Parts of a split export: conversations-000.json, conversations-001.json, … */
const CONVERSATION_PART = /(^|\/)conversations-\d+\.json$/;

/** The zip's conversations.json, else its parts in their order. */
function conversationEntries(entries: readonly ZipEntry[]): ZipEntry[] {
  const whole = entryNamed(entries, 'conversations.json');
  if (whole) return [whole];
  return entries
    .filter((e) => CONVERSATION_PART.test(e.name))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
}

type Source = () => Promise<ReadableStream<Uint8Array>>;

/** Each source is one JSON document: the file, or one conversations entry of the zip. */
async function sourcesOf(file: Blob, name: string, progress: ExportProgress): Promise<Source[]> {
  const count = (n: number) => {
    progress.done += n;
  };
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  const isZip = head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5);
  if (isZip || /\.zip$/i.test(name)) {
    const entries = conversationEntries(await zipEntries(file));
    if (entries.length === 0)
      throw new Error('this zip holds no conversations.json (is it a ChatGPT or Claude data export?)');
    progress.total = entries.reduce((n, e) => n + e.compressedSize, 0);
    return entries.map((entry) => () => openEntry(file, entry, { onCompressedBytes: count }));
  }
  const counted = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, out) {
      count(chunk.byteLength);
      out.enqueue(chunk);
    },
  });
  return [async () => file.stream().pipeThrough(counted)];
}

/** Gathers conversations into batches of about BATCH_CHARS and hands each to `onBatch`. */
function batching(progress: ExportProgress, onBatch: OnBatch) {
  let batch: ImportedConversation[] = [];
  let chars = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const full = batch;
    batch = [];
    chars = 0;
    await onBatch(full, { ...progress });
  };
  const each = async (json: string) => {
    let found: ImportedConversation[];
    try {
      found = conversationsOf(JSON.parse(json));
    } catch {
      found = [];
    }
    if (found.length === 0) progress.skipped++;
    for (const c of found) {
      if (c.turns.length === 0) {
        progress.skipped++;
        continue;
      }
      batch.push(c);
      progress.conversations++;
      chars += c.turns.reduce((n, t) => n + t.text.length, 0);
      if (chars >= BATCH_CHARS || batch.length >= IMPORT_BATCH_MAX) await flush();
    }
  };
  return { each, flush };
}

export async function readExport(file: Blob, name: string, onBatch: OnBatch): Promise<ExportProgress> {
  const progress: ExportProgress = { done: 0, total: file.size, conversations: 0, skipped: 0 };
  const sources = await sourcesOf(file, name, progress);
  const { each, flush } = batching(progress, onBatch);
  for (const open of sources) await pump(await open(), new JsonElementSplitter(), each);
  await flush();
  return progress;
}
