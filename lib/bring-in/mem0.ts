/**
 * mem0 and OpenMemory exports, as their own code and docs define them:
 * - mem0 `get_all()` / `GET /v1/memories/`: `{ "results": [ { id, memory, hash, metadata,
 *   categories, created_at, updated_at, user_id, … } ] }`, or the bare array (older output
 *   format v1.0, or `json.dump(result["results"])` as mem0's export cookbook suggests).
 *   https://docs.mem0.ai/api-reference/memory/get-memory ,
 *   https://docs.mem0.ai/cookbooks/essentials/exporting-memories
 * - OpenMemory's backup (`POST /api/v1/backup/export`, a zip): `memories.json` is
 *   `{ user, apps, categories: [{ id, name }], memories: [{ id, content, metadata, state,
 *   created_at, updated_at, archived_at, deleted_at, category_ids }], … }` and
 *   `memories.jsonl.gz` has one `{ id, content, metadata, created_at, updated_at, state, app,
 *   categories: [names] }` per line. mem0ai/mem0, openmemory/api/app/routers/backup.py.
 * Deleted and archived memories are left out. Pure: runs in the side panel.
 */
import { normalizeContent } from '../memory/normalize';
import { guessImportance, guessType, typeFromSection } from './guess';
import { type FoundItem, type FoundSource, MAX_ITEM_CHARS, MAX_ITEMS } from './types';

export class ExportFormatError extends Error {
  override name = 'ExportFormatError';
}

type Raw = Record<string, unknown>;

const TEXT_FIELDS = ['memory', 'content', 'text', 'value'] as const;
const LEFT_OUT_STATES = new Set(['deleted', 'archived']);

function isRecord(v: unknown): v is Raw {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function textOf(row: Raw): string | null {
  for (const field of TEXT_FIELDS) {
    const v = row[field];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return null;
}

function isoOrNull(v: unknown): string | null {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const at = typeof v === 'number' ? v * (v < 1e12 ? 1000 : 1) : Date.parse(v);
  return Number.isFinite(at) ? new Date(at).toISOString() : null;
}

function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** mem0's category names, snake_case ("user_preferences"), as words for the type rules. */
function sectionOf(categories: string[], metadata: unknown): string | null {
  const fromMeta = isRecord(metadata) && typeof metadata.type === 'string' ? [metadata.type] : [];
  const names = [...categories, ...fromMeta].map((c) => c.replace(/_/g, ' '));
  return names.length ? names.join(', ') : null;
}

function toItem(row: Raw, categoryNames: ReadonlyMap<string, string>): FoundItem | null {
  const state = typeof row.state === 'string' ? row.state : null;
  if ((state && LEFT_OUT_STATES.has(state)) || row.deleted_at || row.archived_at) return null;
  const text = textOf(row);
  if (!text) return null;
  const content = text.slice(0, MAX_ITEM_CHARS);
  const categories = [
    ...stringList(row.categories),
    ...stringList(row.category_ids).map((id) => categoryNames.get(id) ?? ''),
  ].filter(Boolean);
  const section = sectionOf(categories, row.metadata);
  const type = typeFromSection(section) === 'preference' ? 'preference' : guessType(content, section);
  return {
    content,
    type,
    importance: guessImportance(content, type),
    section,
    createdAt: isoOrNull(row.created_at) ?? isoOrNull(row.updated_at),
  };
}

function rowsOf(doc: unknown): { kind: 'mem0' | 'openmemory'; rows: unknown[]; categories: Map<string, string> } {
  if (Array.isArray(doc)) return { kind: 'mem0', rows: doc, categories: new Map() };
  if (!isRecord(doc)) throw new ExportFormatError('expected a mem0 or OpenMemory export (a JSON object or array)');
  if (Array.isArray(doc.results)) return { kind: 'mem0', rows: doc.results, categories: new Map() };
  if (Array.isArray(doc.memories)) {
    const categories = new Map<string, string>();
    for (const c of Array.isArray(doc.categories) ? doc.categories : []) {
      if (isRecord(c) && typeof c.id === 'string' && typeof c.name === 'string') categories.set(c.id, c.name);
    }
    return { kind: 'openmemory', rows: doc.memories, categories };
  }
  throw new ExportFormatError('no "results" or "memories" list found: is this a mem0 or OpenMemory export?');
}

/** One JSON document, or JSON Lines (one memory per line, OpenMemory's memories.jsonl). */
function parseDocument(text: string): unknown {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  try {
    return JSON.parse(trimmed);
  } catch (error) {
    const lines = trimmed.split(/\r?\n/).filter((l) => l.trim());
    if (lines.length > 1 && lines.every((l) => l.trim().startsWith('{'))) {
      try {
        return { memories: lines.map((l) => JSON.parse(l) as unknown) };
      } catch {}
    }
    throw new ExportFormatError(`not JSON: ${(error as Error).message}`);
  }
}

export function parseMem0(text: string): FoundSource {
  const { kind, rows, categories } = rowsOf(parseDocument(text));
  const seen = new Set<string>();
  const items: FoundItem[] = [];
  let skipped = 0;
  for (const [i, row] of rows.entries()) {
    if (items.length >= MAX_ITEMS) {
      // The rest is counted, not read: a 60,000-row export costs what 2,000 rows do.
      skipped += rows.length - i;
      break;
    }
    const item = isRecord(row) ? toItem(row, categories) : null;
    const key = item ? normalizeContent(item.content) : '';
    if (!item || !key || seen.has(key)) {
      skipped++;
      continue;
    }
    seen.add(key);
    items.push(item);
  }
  if (items.length === 0 && rows.length > 0 && skipped === rows.length && !rows.some(isRecord)) {
    throw new ExportFormatError('the list holds no memory objects');
  }
  return { kind, items, skipped };
}
