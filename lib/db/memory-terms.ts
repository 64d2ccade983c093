/**
 * The ranking index, persisted: each memory's index fields with the index version that
 * computed them and a hash of what they were computed from (lib/ranking/index-terms.ts). A
 * cold start reads memories and fields in one transaction and tokenises only what is missing
 * or stale. Stale is
 * decided from the row itself, never trusted from a write path: a memory changed by an
 * upgrade, a restore or a worker stopped between commit and terms write still gets its
 * terms recomputed on the next load.
 */

import type { MemoryRecord } from '../memory/types';
import { INDEX_VERSION, indexInput, type MemoryFields, memoryFields } from '../ranking/index-terms';
import { db, type TermsRow } from './db';

/**
 * Terms never hold control characters (the tokenizer keeps letters, digits and a few marks), so
 * three of them frame the flat form: field ⟨RS⟩ field, name ⟨GS⟩ terms, term ⟨US⟩ term.
 */
const RS = '\u001e';
const GS = '\u001d';
const US = '\u001f';

/** FNV-1a, 32 bits: enough to notice that a memory's text changed under its stored terms. */
function sourceHash(memory: MemoryRecord): number {
  const text = JSON.stringify(indexInput(memory));
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Index fields as one flat string. */
function encodeFields(fields: MemoryFields): string {
  return Object.entries(fields)
    .map(([name, terms]) => `${name}${GS}${(terms as string[]).join(US)}`)
    .join(RS);
}

function decodeFields(flat: string): MemoryFields {
  const fields: Record<string, string[]> = {};
  for (const field of flat.split(RS)) {
    const at = field.indexOf(GS);
    const terms = field.slice(at + 1);
    fields[field.slice(0, at)] = terms === '' ? [] : terms.split(US);
  }
  return fields as unknown as MemoryFields;
}

export function termsRow(memory: MemoryRecord, fields: MemoryFields): TermsRow {
  return { id: memory.id, v: INDEX_VERSION, h: sourceHash(memory), t: encodeFields(fields) };
}

/** The stored fields of `memory` if they are current, else null. */
export function storedFields(memory: MemoryRecord, row: TermsRow | undefined): MemoryFields | null {
  if (!row || row.v !== INDEX_VERSION || row.h !== sourceHash(memory)) return null;
  return decodeFields(row.t);
}

export interface MemoriesWithTerms {
  items: { memory: MemoryRecord; fields: MemoryFields }[];
  /** Rows computed because none was stored or it was stale: to write back. */
  computed: TermsRow[];
  /** Stored rows whose memory is gone: to drop. */
  orphans: string[];
}

/** Every memory with its index fields: stored ones where current, computed otherwise. */
export async function readMemoriesWithTerms(): Promise<MemoriesWithTerms> {
  const [memories, rows] = await db.transaction('r', db.memories, db.terms, () =>
    Promise.all([db.memories.toArray(), db.terms.toArray()]),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const computed: TermsRow[] = [];
  const items = memories.map((memory) => {
    const row = byId.get(memory.id);
    byId.delete(memory.id);
    const stored = storedFields(memory, row);
    if (stored) return { memory, fields: stored };
    const fields = memoryFields(memory);
    computed.push(termsRow(memory, fields));
    return { memory, fields };
  });
  return { items, computed, orphans: [...byId.keys()] };
}

/** Stores computed fields and drops the rows of deleted memories, in one transaction. */
export async function saveTerms(rows: readonly TermsRow[], removed: readonly string[]): Promise<void> {
  if (rows.length === 0 && removed.length === 0) return;
  await db.transaction('rw', db.terms, async () => {
    if (removed.length > 0) await db.terms.bulkDelete([...removed]);
    if (rows.length > 0) await db.terms.bulkPut([...rows]);
  });
}
