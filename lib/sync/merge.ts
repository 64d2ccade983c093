/**
 * Merge rules, pure and deterministic: every device resolving the same revisions reaches the
 * same result whatever order they come in, so replicas converge without a coordinator.
 * - Metadata merges field by field: the newest change wins (ties: the larger value's text).
 * - Text: an older text (its hash is in the other side's lineage) yields to the newer one; two
 *   texts written apart keep the newest as current and hand back the other, which the store
 *   keeps as a version and a "changed on two devices" review item.
 * - A deletion yields to any change made after it (the caller tells the user).
 */
import { quickHash } from './bytes';
import { canon } from './canon';
import { compact } from './clocks';
import {
  type ChatDoc,
  type GoneDoc,
  MAX_LINEAGE,
  type MemoryDoc,
  type PlainDoc,
  SYNCED_MEMORY_FIELDS,
  type SyncedMemory,
} from './codec';
import { laterThan } from './deletion-marks';
import { isLaterField } from './later-fields';
import { isSpaceKey, lastSpaceChange, mergeSpaces, type SpaceDoc } from './space-docs';

const textHash = (content: string) => quickHash(content);

/** Fields that follow the text: they are computed from it. */
const WITH_TEXT = new Set<string>(['content', 'tags', 'invisibleRemoved']);

/**
 * Clocks travel compact: `*` holds the time most fields share, and only fields changed at
 * another time are named (a memory's ~17 field times would otherwise be most of its document).
 */
export function clockOf(doc: MemoryDoc, field: string): string | undefined {
  // A later field's clock is always named (./later-fields.ts): `*` never speaks for it.
  return isLaterField(field) ? doc.clk[field] : (doc.clk[field] ?? doc.clk['*']);
}

function expand(doc: MemoryDoc): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of SYNCED_MEMORY_FIELDS) {
    const c = clockOf(doc, f);
    if (c !== undefined) out[f] = c;
  }
  for (const [f, c] of Object.entries(doc.clk)) if (f !== '*') out[f] = c;
  return out;
}

function definedFields(rec: SyncedMemory): SyncedMemory {
  return Object.fromEntries(Object.entries(rec).filter(([, v]) => v !== undefined)) as SyncedMemory;
}

/**
 * The document for a memory as it is here, given the last synced one; null when nothing changed.
 * `deletedAt`: the memory is back after a deletion at that time, so it is stamped after it.
 */
export function stampMemory(
  id: string,
  local: SyncedMemory,
  base: MemoryDoc | null,
  now: string,
  deletedAt?: string,
): MemoryDoc | null {
  const rec = definedFields(local);
  if (!base) {
    const at = deletedAt !== undefined && local.updatedAt <= deletedAt ? laterThan(deletedAt, now) : local.updatedAt;
    const clk: Record<string, string> = { '*': at };
    for (const f of SYNCED_MEMORY_FIELDS) if (isLaterField(f) && rec[f] !== undefined) clk[f] = at;
    return { k: 'm', id, rec, clk, ch: [] };
  }
  const clk = expand(base);
  let changed = false;
  for (const f of SYNCED_MEMORY_FIELDS) {
    if (canon(rec[f]) === canon(base.rec[f])) continue;
    changed = true;
    const prior = clk[f] ?? '';
    clk[f] = local.updatedAt > prior ? local.updatedAt : now > prior ? now : prior;
  }
  if (!changed) return null;
  const ch = rec.content === base.rec.content ? base.ch : [...base.ch, textHash(base.rec.content)].slice(-MAX_LINEAGE);
  return { k: 'm', id, rec, clk: compact(clk, isLaterField), ch };
}

export interface MemoryMerge {
  doc: MemoryDoc;
  /** A text written apart from the current one: keep it as a version and a review item. */
  otherText: string | null;
}

const newer = (a: string | undefined, b: string | undefined) => (a ?? '') > (b ?? '');

function pickSide(a: MemoryDoc, b: MemoryDoc, f: string): MemoryDoc {
  const ca = clockOf(a, f);
  const cb = clockOf(b, f);
  if (ca !== cb) return newer(ca, cb) ? a : b;
  const va = canon(a.rec[f as keyof SyncedMemory]) ?? '';
  const vb = canon(b.rec[f as keyof SyncedMemory]) ?? '';
  return va >= vb ? a : b;
}

function textWinner(a: MemoryDoc, b: MemoryDoc): { winner: MemoryDoc; other: string | null } {
  if (a.rec.content === b.rec.content) return { winner: pickSide(a, b, 'content'), other: null };
  if (a.ch.includes(textHash(b.rec.content))) return { winner: a, other: null };
  if (b.ch.includes(textHash(a.rec.content))) return { winner: b, other: null };
  const winner = pickSide(a, b, 'content');
  return { winner, other: winner === a ? b.rec.content : a.rec.content };
}

export function mergeMemories(a: MemoryDoc, b: MemoryDoc): MemoryMerge {
  const { winner, other } = textWinner(a, b);
  const rec: Record<string, unknown> = {};
  const clk: Record<string, string> = {};
  const ea = expand(a);
  const eb = expand(b);
  const fields = new Set([...Object.keys(ea), ...Object.keys(eb), ...SYNCED_MEMORY_FIELDS]);
  for (const f of fields) {
    const side = WITH_TEXT.has(f) ? winner : pickSide(a, b, f);
    const value = side.rec[f as keyof SyncedMemory];
    if (value !== undefined) rec[f] = value;
    const c = newer(ea[f], eb[f]) ? ea[f] : eb[f];
    if (c !== undefined) clk[f] = c;
  }
  const lineage = [...new Set([...a.ch, ...b.ch, ...(other === null ? [] : [textHash(other)])])];
  const ch = lineage.filter((h) => h !== textHash(winner.rec.content)).slice(-MAX_LINEAGE);
  return { doc: { k: 'm', id: a.id, rec: rec as SyncedMemory, clk: compact(clk, isLaterField), ch }, otherText: other };
}

/** The latest change a memory document records. */
export function lastChange(doc: MemoryDoc): string {
  return Object.values(doc.clk).sort().at(-1) ?? '';
}

export interface Resolution {
  doc: PlainDoc;
  /** Texts written apart from the current one (a content conflict). */
  otherTexts: string[];
  /** A deletion elsewhere lost to an edit made after it. */
  editBeatDelete: boolean;
}

/**
 * A chat's head: a capture over an import, then the newest change wins (its last change, then
 * its version); a deletion wins
 * over a chat changed before it, as with memories. Parts never differ under one id; a part
 * kept is harmless where a deleted one would leave a head without its turns.
 */
function resolveChat(sorted: readonly PlainDoc[]): Resolution {
  const heads = sorted.filter((d): d is ChatDoc => d.k === 'c');
  const gone = sorted
    .filter((d): d is GoneDoc => d.k === 'x')
    .reduce<GoneDoc | null>((g, d) => (g === null || d.at > g.at ? d : g), null);
  // A capture wins over an import of the same conversation (history import never replaces one).
  const rank = (d: ChatDoc) => `${d.rec.origin === 'imported' ? 0 : 1}\u0000${d.rec.updatedAt}`;
  const head = heads.reduce<ChatDoc | null>((best, d) => {
    if (best === null) return d;
    const [a, b] = [rank(d), rank(best)];
    return a > b || (a === b && d.rec.version > best.rec.version) ? d : best;
  }, null);
  if (head && gone) {
    const editWins = head.rec.updatedAt > gone.at;
    return { doc: editWins ? head : gone, otherTexts: [], editBeatDelete: editWins };
  }
  return { doc: (head ?? gone ?? sorted[0]) as PlainDoc, otherTexts: [], editBeatDelete: false };
}

/** A space: its revisions merge field by field; a deletion wins over a space changed before it. */
function resolveSpace(sorted: readonly PlainDoc[]): Resolution {
  const spaces = sorted.filter((d): d is SpaceDoc => d.k === 's');
  const merged = spaces.slice(1).reduce<SpaceDoc | null>((m, d) => mergeSpaces(m as SpaceDoc, d), spaces[0] ?? null);
  const gone = sorted
    .filter((d): d is GoneDoc => d.k === 'x')
    .reduce<GoneDoc | null>((g, d) => (g === null || d.at > g.at ? d : g), null);
  if (merged && gone) {
    const editWins = lastSpaceChange(merged) > gone.at;
    return { doc: editWins ? merged : gone, otherTexts: [], editBeatDelete: false };
  }
  return { doc: (merged ?? gone) as PlainDoc, otherTexts: [], editBeatDelete: false };
}

/** One document from all of a record's conflicting revisions (the same kind of record). */
export function resolve(docs: readonly PlainDoc[]): Resolution {
  const sorted = [...docs].sort((x, y) => (canon(x) < canon(y) ? -1 : 1));
  if (sorted.some((d) => d.k === 's' || (d.k === 'x' && isSpaceKey(d.id)))) return resolveSpace(sorted);
  if (sorted.some((d) => d.k === 'c' || (d.k === 'x' && d.id.startsWith('c:')))) return resolveChat(sorted);
  const part = sorted.find((d) => d.k === 't');
  if (part) return { doc: part, otherTexts: [], editBeatDelete: false };
  const memories = sorted.filter((d): d is MemoryDoc => d.k === 'm');
  const gones = sorted.filter((d): d is GoneDoc => d.k === 'x');
  const otherTexts: string[] = [];
  let merged: MemoryDoc | null = memories[0] ?? null;
  for (const next of memories.slice(1)) {
    const m = mergeMemories(merged as MemoryDoc, next);
    merged = m.doc;
    if (m.otherText !== null) otherTexts.push(m.otherText);
  }
  if (memories.length === 0 && gones.length === 0)
    return { doc: newestOther(sorted), otherTexts, editBeatDelete: false };
  const gone = gones.reduce<GoneDoc | null>((g, d) => (g === null || d.at > g.at ? d : g), null);
  if (merged && gone) {
    const editWins = lastChange(merged) > gone.at;
    return { doc: editWins ? merged : gone, otherTexts: editWins ? otherTexts : [], editBeatDelete: editWins };
  }
  return { doc: (merged ?? gone) as PlainDoc, otherTexts, editBeatDelete: false };
}

/** Rules, device and exclusion documents: the newest wins. */
function newestOther(docs: readonly PlainDoc[]): PlainDoc {
  const stamp = (d: PlainDoc) => (d.k === 'r' || d.k === 'e' ? d.at : d.k === 'd' ? d.lastSync : '');
  return docs.reduce((best, d) => (stamp(d) > stamp(best) ? d : best));
}
