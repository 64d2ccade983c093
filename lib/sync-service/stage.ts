/**
 * Staging: every change made here since the last sync becomes a new revision in the mirror,
 * on top of the revision it was made from, before anything is pulled. A change made on another
 * device meanwhile then meets it as a CouchDB conflict, which apply.ts merges. Staging is
 * local only (it works offline), and staging the same state twice writes nothing.
 */
import type { ChatScan } from '../db/sync-chats';
import { chatClock } from '../sync/chat-clock';
import { chatDocs } from '../sync/chat-docs';
import { decodeDoc, encodeDoc, exclusionKey, memoryKey, type PlainDoc, rulesKey } from '../sync/codec';
import { deletedAt, deletionMark, laterThan } from '../sync/deletion-marks';
import type { SyncKeys } from '../sync/keys';
import { serverId } from '../sync/keys';
import { lastChange, stampMemory } from '../sync/merge';
import { currentRevs, type Write, writeRevs } from '../sync/mirror-docs';
import type { Db } from '../sync/pouch-types';
import { hashMemory, hashValue, project } from '../sync/project';
import { RULE_GROUPS, readGroup } from '../sync/rules';
import type { Travel } from '../sync/schemas';
import { hashSpace, isSpaceKey, lastSpaceChange, spaceKey, stampSpace } from '../sync/space-docs';
import type { LocalPort } from './local-port';

export interface StageInput {
  keys: SyncKeys;
  mirror: Db;
  local: LocalPort;
  travel: Travel;
  now: string;
  /** Extra documents to write as they are (this device's own device document). */
  extra?: PlainDoc[];
  /**
   * Stage rule groups never synced from here. Off before the first pull: a device joining
   * takes the rules already on the server rather than overwriting them with its own.
   */
  newRules?: boolean;
  /** Compare the whole store (off: write only `extra`, when the round changed nothing here). */
  scan?: boolean;
  /**
   * Compare only these memories (and the rule groups): the ones a round's apply came to. A change
   * made elsewhere in the store meanwhile differs from its synced hash and goes next round.
   */
  only?: readonly string[];
  checkpoint?: () => void;
}

export interface StageResult {
  /** A rule group switched on that never synced from here (the next stage with newRules sends it). */
  rulesPending: boolean;
  /** `id@rev` of every revision written. */
  written: string[];
  /** Server ids of the records staged. */
  staged: string[];
  /** Changed chats left for the next round (one round stages a bounded amount of chat text). */
  chatsPending: boolean;
  /** Memories whose new revision the mirror refused: still unsent, compared again next round. */
  refused: string[];
}

interface Pending {
  key: string;
  h: string | null;
  /** The latest change the staged (or unchanged) document records; a deletion's time. */
  c?: string;
  make: (base: PlainDoc | null) => PlainDoc | null;
}

/** Part keys already synced, by chat id (`t:<chat id>:<turns hash>:<n>`). */
function partsByChat(synced: ReadonlyMap<string, string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const key of synced.keys()) {
    if (!key.startsWith('t:')) continue;
    const end = key.lastIndexOf(':', key.lastIndexOf(':') - 1);
    const id = key.slice(2, end);
    out.set(id, [...(out.get(id) ?? []), key]);
  }
  return out;
}

/**
 * Chats: exclusions always (whatever the switch says, "don't remember" wins on every device);
 * a head and its new parts for each changed finished chat when chat history travels, the
 * parts of its earlier turns deleted; and the deletion of every chat that synced from here
 * and is gone or excluded now (a deletion is never held back by the switch).
 */
function chatChanges(scan: ChatScan, synced: ReadonlyMap<string, string>, now: string): Pending[] {
  const out: Pending[] = [];
  const gone = (key: string): Pending => ({ key, h: null, c: now, make: () => ({ k: 'x', id: key, at: now }) });
  const live = (key: string) => synced.has(key) && deletedAt(synced.get(key)) === null;
  const parts = partsByChat(synced);
  for (const id of scan.excluded) {
    const key = exclusionKey(id);
    if (!synced.has(key)) out.push({ key, h: 'e', make: () => ({ k: 'e', id: key, at: now }) });
  }
  for (const { chat, h } of scan.changed) {
    const { head, parts: docs } = chatDocs(chat);
    // Back after a deletion (an import, a capture of an old chat): a change after the deletion.
    const deleted = deletedAt(synced.get(head.id));
    if (deleted !== null && chatClock(head.rec) <= deleted)
      head.rec = { ...head.rec, updatedAt: laterThan(deleted, now) };
    out.push({ key: head.id, h, c: chatClock(head.rec), make: () => head });
    for (const part of docs) if (!synced.has(part.id)) out.push({ key: part.id, h: 'p', make: () => part });
    const keep = new Set(head.parts);
    for (const old of parts.get(chat.id) ?? []) if (!keep.has(old)) out.push(gone(old));
  }
  for (const key of synced.keys()) {
    if (!key.startsWith('c:') || !live(key)) continue;
    const id = key.slice(2);
    if (scan.present.has(id) && !scan.excluded.has(id)) continue;
    out.push(gone(key), ...(parts.get(id) ?? []).map(gone));
  }
  // Parts of a chat whose head no longer syncs from here (deleted elsewhere after this device
  // had written them): nothing names them any more.
  for (const [id, keys] of parts) if (!live(`c:${id}`)) out.push(...keys.map(gone));
  return out;
}

async function pendingChanges(
  input: StageInput,
): Promise<{ pending: Pending[]; rulesPending: boolean; chatsPending: boolean }> {
  const { local, travel, now } = input;
  if (input.scan === false) return { pending: [], rulesPending: false, chatsPending: false };
  const only = input.only;
  const keys = only && [...only.map(memoryKey), ...RULE_GROUPS.map(rulesKey)];
  const [memories, synced, settings] = await Promise.all([
    local.memories(only),
    local.synced(keys),
    local.loadSettings(),
  ]);
  // A stage limited to the memories a round's apply came to leaves chats alone: the round asks
  // for a whole stage whenever apply changed a chat.
  const scan = only ? null : await local.chatScan(synced, travel.chats);
  // Spaces first, so they reach the server before the memories in them, and their deletions
  // last, after the memories moved out of them; all of them every time (there are at most 200),
  // so a space changed or deleted here is never missed.
  const spaces = await spaceChanges(local, now);
  const out: Pending[] = spaces.changed;
  const here = new Set<string>();
  for (const m of memories) {
    const key = memoryKey(m.id);
    here.add(key);
    const h = hashMemory(m);
    if (synced.get(key) === h) continue;
    const rec = project(m);
    // Back after a deletion (an Undo, a backup, a memory file): a change made after the deletion.
    const deleted = deletedAt(synced.get(key));
    const make = (base: PlainDoc | null) =>
      base?.k === 'm'
        ? stampMemory(key, rec, base, now)
        : stampMemory(key, rec, null, now, deleted ?? (base?.k === 'x' ? base.at : undefined));
    out.push({ key, h, make });
  }
  for (const key of synced.keys()) {
    if (key.startsWith('m:') && !here.has(key) && deletedAt(synced.get(key)) === null)
      out.push({ key, h: null, c: now, make: () => ({ k: 'x', id: key, at: now }) });
  }
  let rulesPending = false;
  for (const group of RULE_GROUPS) {
    if (!travel[group]) continue;
    const key = rulesKey(group);
    rulesPending ||= !synced.has(key);
    const value = readGroup(settings, group);
    const h = hashValue(value);
    if (!synced.has(key) && !input.newRules) continue;
    if (synced.get(key) !== h) out.push({ key, h, c: now, make: () => ({ k: 'r', id: key, group, at: now, value }) });
  }
  if (scan) out.push(...chatChanges(scan, synced, now));
  out.push(...spaces.deleted);
  return { pending: out, rulesPending, chatsPending: scan?.more ?? false };
}

/** Each space changed here since it last synced, and the deletion of each synced space gone here. */
async function spaceChanges(
  local: StageInput['local'],
  now: string,
): Promise<{ changed: Pending[]; deleted: Pending[] }> {
  const { spaces, synced } = await local.spaceState();
  const out: Pending[] = [];
  const gone: Pending[] = [];
  const here = new Set<string>();
  for (const space of spaces) {
    const key = spaceKey(space.id);
    here.add(key);
    const h = hashSpace(space);
    if (synced.get(key) === h) continue;
    // Back after a deletion (an Undo, a backup, a memory file): a change made after the deletion.
    const deleted = deletedAt(synced.get(key));
    const make = (base: PlainDoc | null) =>
      base?.k === 's'
        ? stampSpace(space, base, now)
        : stampSpace(space, null, now, deleted ?? (base?.k === 'x' ? base.at : undefined));
    out.push({ key, h, make });
  }
  for (const [key, h] of synced)
    if (isSpaceKey(key) && !here.has(key) && deletedAt(h) === null)
      gone.push({ key, h: null, c: now, make: () => ({ k: 'x', id: key, at: now }) });
  return { changed: out, deleted: gone };
}

/** Staged in slices: a first sync of thousands of chats never holds every sealed part at once. */
const SLICE = 200;

export async function stage(input: StageInput): Promise<StageResult> {
  const { pending, rulesPending, chatsPending } = await pendingChanges(input);
  const out: StageResult = { written: [], staged: [], rulesPending, chatsPending, refused: [] };
  for (let i = 0; i < pending.length || i === 0; i += SLICE) {
    await stageSlice(input, pending.slice(i, i + SLICE), i === 0 ? (input.extra ?? []) : [], out);
  }
  return out;
}

async function stageSlice(input: StageInput, pending: Pending[], extra: PlainDoc[], out: StageResult): Promise<void> {
  const { keys, mirror, local } = input;
  const { written, staged } = out;
  const sids = await Promise.all(pending.map((p) => serverId(keys, p.key)));
  const extraSids = await Promise.all(extra.map((d) => serverId(keys, d.id)));
  const current = await currentRevs(mirror, [...sids, ...extraSids]);
  const writes: Write[] = [];
  const marks: { p: Pending; sid: string | null }[] = [];
  const decoded = await Promise.all(
    pending.map(async (_p, i) => {
      const leaf = current.get(sids[i] as string);
      return leaf ? decodeDoc(keys, leaf.body) : null;
    }),
  );
  const docs: (PlainDoc | null)[] = [];
  for (const [i, p] of pending.entries()) {
    if (i % 500 === 0) input.checkpoint?.();
    const d = decoded[i];
    const baseDoc = d?.ok ? d.doc : null;
    const doc = p.make(baseDoc);
    const stamped = doc ?? baseDoc;
    if (stamped?.k === 'm') p.c = lastChange(stamped);
    else if (stamped?.k === 's') p.c = lastSpaceChange(stamped);
    docs.push(doc);
  }
  // Sealed together, for the same reason as opening (apply.ts).
  const sealed = await Promise.all(docs.map((doc) => (doc ? encodeDoc(keys, doc) : null)));
  for (const [i, p] of pending.entries()) {
    const sid = sids[i] as string;
    const body = sealed[i];
    const leaf = current.get(sid);
    if (body) {
      writes.push({ ...body, ...(leaf ? { _rev: leaf.rev } : {}) });
      staged.push(sid);
    }
    marks.push({ p, sid: body ? sid : null });
  }
  for (const [i, doc] of extra.entries()) {
    const leaf = current.get(extraSids[i] as string);
    writes.push({ ...(await encodeDoc(keys, doc)), ...(leaf ? { _rev: leaf.rev } : {}) });
  }
  const landedRevs = await writeRevs(mirror, writes);
  written.push(...landedRevs);
  // Marked after the mirror holds them: a worker stopped between the two stages them again,
  // and a state already in the mirror stamps as "nothing changed". A refused write stays unmarked.
  const ok = new Set(landedRevs.map((w) => w.slice(0, w.indexOf('@'))));
  const landed = marks.filter((m) => m.sid === null || ok.has(m.sid)).map((m) => m.p);
  for (const m of marks)
    if (m.sid !== null && !ok.has(m.sid) && m.p.key.startsWith('m:')) out.refused.push(m.p.key.slice(2));
  // A memory, space or chat deleted keeps its row as a deletion marker; a chat's parts need none
  // (a part never changes under its id).
  const marked = (p: Pending) =>
    p.h === null && (p.key.startsWith('m:') || p.key.startsWith('c:') || isSpaceKey(p.key));
  await local.markSynced(
    landed.flatMap((p) => {
      if (marked(p)) return [{ id: p.key, h: deletionMark(p.c ?? input.now), c: p.c ?? input.now }];
      return p.h === null ? [] : [{ id: p.key, h: p.h, ...(p.c ? { c: p.c } : {}) }];
    }),
    landed.flatMap((p) => (p.h === null && !marked(p) ? [p.key] : [])),
  );
}
