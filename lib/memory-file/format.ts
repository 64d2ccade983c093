/**
 * The memory JSON format (docs/memory-file.md): parse an import file into complete records,
 * or serialise the store. Pure: no storage here, so every error case is testable in isolation.
 */
import * as z from 'zod/mini';
import { cleanKeywords, MAX_KEYWORD_CHARS, MAX_KEYWORDS } from '../memory/keyword-list';
import { MAX_SPACES, type Space, SpaceIdSchema } from '../memory/spaces';
import {
  type Chat,
  ChatSchema,
  IsoDate,
  MAX_MEMORY_CHARS,
  type Memory,
  MemoryNoteSchema,
  type MemoryRecord,
  MemorySourceSchema,
  MemoryStatusSchema,
  MemoryTypeSchema,
  type Origin,
  OriginSchema,
  type Proposal,
  ProposalSchema,
  SCOPES,
} from '../memory/types';
import { WhenSchema } from '../memory/when';
import { IMPORTABLE_SETTINGS } from '../settings/import-rules';
import { liftSettings } from '../settings/migrations';
import { defaultSettings, type Settings, SettingsSchema } from '../settings/schema';
import { chatUrlOn, sourceUrlOn } from '../sites/urls';
import { tagsFor } from '../text/keywords';
import { now, nowMs } from '../time';
import { describeValue, formatFirstIssue } from '../zod-errors';
import { firstImportProblem, type ImportRule } from './import-rules';
import { byCreation } from './order';
import { type FileSpace, FileSpaceSchema, placeInFileSpaces, toFileSpace } from './spaces';

const FILE_FORMAT = 'claude-mem.memories';
/**
 * Version 2 added spaces (`spaces` at the top, `space` on a memory); version 3 the date a memory
 * is about (`when`). Version 1 and 2 files read as before (their memories carry no date).
 */
const FILE_VERSION = 3;
const DATES_VERSION = 3;
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
export const MAX_MEMORIES = 100_000;

export class MemoryFileError extends Error {
  override name = 'MemoryFileError';
  /** Set when the records parse one by one but do not hold together (import-rules.ts). */
  readonly rule: ImportRule | null;

  constructor(message: string, rule: ImportRule | null = null) {
    super(message);
    this.rule = rule;
  }
}

const importance = z
  .int({ error: 'expected an integer 1–5' })
  .check(z.minimum(1, { error: 'expected 1–5' }), z.maximum(5, { error: 'expected 1–5' }));

/** Per memory only content and type are required; the rest get the documented defaults. */
const ImportMemorySchema = z.object({
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  content: z.string().check(
    z.refine((s) => s.trim().length > 0, { error: 'expected non-empty text' }),
    z.maxLength(MAX_MEMORY_CHARS),
  ),
  type: MemoryTypeSchema,
  importance: z.optional(importance),
  tags: z.optional(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(100))),
  status: z.optional(MemoryStatusSchema),
  scope: z.optional(
    z.enum(SCOPES, {
      // The site list comes from the registry, so a new site is named here without an edit.
      error: `expected "global" or a site id (${SCOPES.filter((s) => s !== 'global').join(', ')})`,
    }),
  ),
  pinned: z.optional(z.boolean()),
  note: z.optional(MemoryNoteSchema),
  createdAt: z.optional(IsoDate),
  updatedAt: z.optional(IsoDate),
  lastHitAt: z.optional(z.nullable(IsoDate)),
  hitCount: z.optional(z.int().check(z.minimum(0))),
  supersededBy: z.optional(z.nullable(z.string())),
  source: z.optional(z.nullable(MemorySourceSchema)),
  keywords: z.optional(z.array(z.string().check(z.maxLength(MAX_KEYWORD_CHARS))).check(z.maxLength(MAX_KEYWORDS))),
  origin: z.optional(OriginSchema),
  proposal: z.optional(ProposalSchema),
  invisibleRemoved: z.optional(z.int().check(z.minimum(1))),
  /** Version 2: the id of one of the file's `spaces`; absent, Everywhere. */
  space: z.optional(SpaceIdSchema),
  /** Version 3: the day or days it is about (lib/memory/when.ts); absent, none. */
  when: z.optional(WhenSchema),
});

export interface ParsedMemoryFile {
  /** A memory's `space` names one of `spaces` (the file's ids: the store's are decided on import). */
  memories: MemoryRecord[];
  /** Version 2: the spaces the file defines, each checked (lib/memory-file/spaces.ts). */
  spaces: FileSpace[];
  chats: Chat[];
  /** Only the settings an import may propose (lib/settings/import-rules.ts), each checked; null when none. */
  settings: Partial<Settings> | null;
  /** Settings the file carried that an import never changes, by name (the key is never kept). */
  ignoredSettings: string[];
  /**
   * Version 3 or later: a memory without `when` has no date. An older file was written before
   * dates, so its silence says nothing: a memory it updates keeps the date it has here.
   */
  knowsDates: boolean;
}

function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

function fail(message: string): never {
  throw new MemoryFileError(message);
}

interface Envelope {
  version: number;
  memories: unknown[];
  chats: unknown;
  settings: unknown;
  spaces: unknown;
}

function checkEnvelope(doc: unknown): Envelope {
  if (Array.isArray(doc))
    return { version: 1, memories: doc, chats: undefined, settings: undefined, spaces: undefined };
  if (doc === null || typeof doc !== 'object')
    fail(`(root): expected an object or an array of memories, got ${describeValue(doc)}`);
  const obj = doc as Record<string, unknown>;
  if (obj.format !== FILE_FORMAT) fail(`format: expected "${FILE_FORMAT}", got ${describeValue(obj.format)}`);
  if (typeof obj.version !== 'number' || !Number.isInteger(obj.version) || obj.version < 1) {
    fail(`version: expected a positive integer, got ${describeValue(obj.version)}`);
  }
  if (obj.version > FILE_VERSION) {
    fail(
      `version: file is version ${obj.version}, newer than this extension reads (${FILE_VERSION}); update claude-mem first`,
    );
  }
  if (!Array.isArray(obj.memories)) fail(`memories: expected an array, got ${describeValue(obj.memories)}`);
  return { version: obj.version, memories: obj.memories, chats: obj.chats, settings: obj.settings, spaces: obj.spaces };
}

/**
 * Spaces came with version 2. A version 1 file naming them was not written by claude-mem: it is
 * refused rather than read without them, which would put memories meant for a space where they
 * reach every chat.
 */
function checkVersionOneHasNoSpaces(envelope: Envelope): void {
  if (envelope.version >= 2) return;
  if (envelope.spaces !== undefined) fail('spaces: spaces need version 2 of the format; this file says version 1');
  const i = envelope.memories.findIndex((m) => m !== null && typeof m === 'object' && 'space' in m);
  if (i >= 0) fail(`memories[${i}].space: spaces need version 2 of the format; this file says version 1`);
}

function parseSpaces(raw: unknown): FileSpace[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) fail(`spaces: expected an array, got ${describeValue(raw)}`);
  if (raw.length > MAX_SPACES) fail(`spaces: ${raw.length} spaces; the limit is ${MAX_SPACES}`);
  return raw.map((item, index) => {
    const parsed = FileSpaceSchema.safeParse(item);
    if (!parsed.success) fail(formatFirstIssue(parsed.error, item, ['spaces', index]));
    return parsed.data;
  });
}

function completeMemory(raw: z.infer<typeof ImportMemorySchema>, at: string): MemoryRecord {
  const content = raw.content;
  const createdAt = raw.createdAt ?? at;
  return {
    id: raw.id ?? crypto.randomUUID(),
    content,
    type: raw.type,
    importance: raw.importance ?? 3,
    tags: raw.tags ?? tagsFor(content),
    status: raw.status ?? 'active',
    scope: raw.scope ?? 'global',
    pinned: raw.pinned ?? false,
    note: raw.note ?? '',
    createdAt,
    updatedAt: raw.updatedAt ?? createdAt,
    lastHitAt: raw.lastHitAt ?? null,
    hitCount: raw.hitCount ?? 0,
    supersededBy: raw.supersededBy ?? null,
    source: raw.source ? { ...raw.source, url: sourceUrlOn(raw.source.site, raw.source.url) } : null,
    feedback: 0,
    ...(raw.keywords ? { keywords: cleanKeywords(raw.keywords) } : {}),
    ...(raw.origin ? { origin: fileOrigin(raw.origin) } : {}),
    // What a proposal waits for means something only while it is proposed.
    ...(raw.proposal && raw.status === 'proposed' ? { proposal: fileProposal(raw.proposal) } : {}),
    ...(raw.invisibleRemoved ? { invisibleRemoved: raw.invisibleRemoved } : {}),
    ...(raw.space !== undefined ? { space: raw.space } : {}),
    ...(raw.when !== undefined ? { when: raw.when } : {}),
  };
}

function fileProposal(p: Proposal): Proposal {
  return { reasons: [...new Set(p.reasons)], ...(p.changes !== undefined ? { changes: p.changes } : {}) };
}

/** An origin as the format spells it: `client` only where a desktop tool wrote the memory. */
function fileOrigin(origin: Origin): Origin {
  return origin.kind === 'tool' && origin.client !== undefined
    ? { kind: origin.kind, client: origin.client }
    : { kind: origin.kind };
}

/** Parses a file's text; throws MemoryFileError naming the problem and the first bad path. */
export function parseMemoryFile(text: string, opts: { knownIds?: ReadonlySet<string> } = {}): ParsedMemoryFile {
  const bytes = utf8Bytes(text);
  if (bytes > MAX_FILE_BYTES) {
    fail(`file is ${(bytes / 1024 / 1024).toFixed(1)} MB; the limit is ${MAX_FILE_BYTES / 1024 / 1024} MB`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    fail(`not a JSON file: ${(error as Error).message}`);
  }
  const envelope = checkEnvelope(doc);
  if (envelope.memories.length > MAX_MEMORIES) {
    fail(`memories: ${envelope.memories.length} memories; the limit is ${MAX_MEMORIES}`);
  }
  checkVersionOneHasNoSpaces(envelope);
  const spaces = parseSpaces(envelope.spaces);
  const at = now();
  const memories = placeInFileSpaces(
    envelope.memories.map((raw, index) => {
      const parsed = ImportMemorySchema.safeParse(raw);
      if (!parsed.success) fail(formatFirstIssue(parsed.error, raw, ['memories', index]));
      return completeMemory(parsed.data, at);
    }),
    spaces,
  );
  let chats: Chat[] = [];
  if (envelope.chats !== undefined) {
    const parsed = z.array(ChatSchema).safeParse(envelope.chats);
    if (!parsed.success) fail(formatFirstIssue(parsed.error, envelope.chats, ['chats']));
    chats = parsed.data.map((c) => ({ ...c, url: chatUrlOn(c.site, c.url) }));
  }
  const problem = firstImportProblem(
    { memories, chats, spaces },
    { nowMs: nowMs(), givenIds: envelope.memories.map((raw) => (raw as { id?: string }).id), knownIds: opts.knownIds },
  );
  if (problem) throw new MemoryFileError(problem.message, problem.rule);
  return {
    memories,
    spaces,
    chats,
    ...importableSettings(envelope.settings),
    knowsDates: envelope.version >= DATES_VERSION,
  };
}

/**
 * A file's settings at the current version: files from 0.1.0 carry version 1 (per site
 * `enabled`/`mode`), lifted by the same migrations as stored settings.
 */
function lifted(raw: Record<string, unknown>): Record<string, unknown> {
  try {
    return liftSettings({ ...raw, version: typeof raw.version === 'number' ? raw.version : 1 });
  } catch (error) {
    fail(`settings: ${(error as Error).message}`);
  }
}

/** Keeps the settings an import may propose, each validated; the rest are only named. */
function importableSettings(raw: unknown): Pick<ParsedMemoryFile, 'settings' | 'ignoredSettings'> {
  if (raw === undefined) return { settings: null, ignoredSettings: [] };
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    fail(`settings: expected an object, got ${describeValue(raw)}`);
  const entries = Object.entries(lifted(raw as Record<string, unknown>));
  const settings: Partial<Settings> = {};
  for (const [key, value] of entries) {
    if (!(IMPORTABLE_SETTINGS as readonly string[]).includes(key)) continue;
    const candidate = { ...defaultSettings(), [key]: value };
    const parsed = SettingsSchema.safeParse(candidate);
    if (!parsed.success) fail(formatFirstIssue(parsed.error, candidate, ['settings']));
    Object.assign(settings, { [key]: parsed.data[key as keyof Settings] });
  }
  // Named as the file has them (a migration may add fields the file never set).
  const ignoredSettings = Object.keys(raw)
    .filter((key) => key !== 'version' && !(IMPORTABLE_SETTINGS as readonly string[]).includes(key))
    .sort();
  return { settings: Object.keys(settings).length > 0 ? settings : null, ignoredSettings };
}

/** A memory in the exact field order of the format, without local-only state. */
function toFileMemory(m: Memory): Memory {
  return {
    id: m.id,
    content: m.content,
    type: m.type,
    importance: m.importance,
    tags: [...m.tags],
    status: m.status,
    scope: m.scope,
    pinned: m.pinned,
    note: m.note,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    lastHitAt: m.lastHitAt,
    hitCount: m.hitCount,
    supersededBy: m.supersededBy,
    source: m.source ? { site: m.source.site, url: m.source.url, chatId: m.source.chatId } : null,
    ...(m.keywords ? { keywords: [...m.keywords] } : {}),
    ...(m.origin ? { origin: fileOrigin(m.origin) } : {}),
    ...(m.proposal && m.status === 'proposed' ? { proposal: fileProposal(m.proposal) } : {}),
    ...(m.invisibleRemoved ? { invisibleRemoved: m.invisibleRemoved } : {}),
    ...(m.space !== undefined ? { space: m.space } : {}),
    ...(m.when !== undefined ? { when: m.when } : {}),
  };
}

/**
 * A chat as the default export holds it: title, summary and dates, none of its messages. The
 * empty `turns` keeps the file readable by every version of the import (turns are required).
 */
export function withoutTurns(chat: Chat): Chat {
  return { ...chat, turns: [] };
}

/** When it was brought in here is this store's own bookkeeping: the import that reads the file sets its own. */
function toFileChat(chat: Chat): Chat {
  const { importedAt: _here, ...rest } = chat;
  return rest;
}

export function serializeMemoryFile(input: {
  memories: readonly Memory[];
  spaces?: readonly Space[];
  chats?: readonly Chat[];
  settings?: Settings | null;
}): string {
  const doc = {
    format: FILE_FORMAT,
    version: FILE_VERSION,
    exportedAt: now(),
    spaces: [...(input.spaces ?? [])].sort((a, b) => a.id.localeCompare(b.id)).map(toFileSpace),
    memories: [...input.memories].sort(byCreation).map(toFileMemory),
    ...(input.chats ? { chats: [...input.chats].sort((a, b) => a.id.localeCompare(b.id)).map(toFileChat) } : {}),
    ...(input.settings ? { settings: input.settings } : {}),
  };
  return JSON.stringify(doc, null, 2);
}
