/**
 * Applying: every revision that reached the mirror since the last round (pulled from the
 * server, or merged here) is opened, checked and merged into the store. Conflicting revisions
 * of one record are merged by merge.ts and the merge is written back as the record's one
 * revision (the losing leaves deleted), so the next push carries the resolution.
 */
import type { IncomingMemory } from '../db/sync-local';
import type { IncomingSpace } from '../db/sync-spaces';
import type { MemoryRecord } from '../memory/types';
import { quickHash } from '../sync/bytes';
import { canon } from '../sync/canon';
import { type DeviceDoc, decodeDoc, encodeDoc, type PlainDoc, type SyncedMemory } from '../sync/codec';
import type { SyncKeys } from '../sync/keys';
import { unknownFields } from '../sync/later-fields';
import { lastChange, resolve } from '../sync/merge';
import { conflictLeaves, type Mark, readMark, saveMark, type Write, writeRevs } from '../sync/mirror-docs';
import { PARAMS_ID } from '../sync/params';
import type { ChangeRow, Db } from '../sync/pouch-types';
import { hashSynced, hashValue, toRecord } from '../sync/project';
import { readGroup, writeGroup } from '../sync/rules';
import type { Travel } from '../sync/schemas';
import { hashSpace, isSpaceKey, lastSpaceChange, spaceDocHolds } from '../sync/space-docs';
import { tagsFor } from '../text/keywords';
import { applyChatChanges, type ChatChanges, isChatDoc, noteChatDoc } from './apply-chats';
import type { LocalPort } from './local-port';

const APPLIED = '_local/claude-mem-applied';
/** Where chats were last applied from: behind APPLIED while chat history did not travel here. */
const CHATS_APPLIED = '_local/claude-mem-chats-applied';
const BATCH = 500;
/** Quarantine reasons that say the document was never written by a device with the key. */
const FORGED = new Set(['malformed or oversized', 'not sealed with this key', 'id does not match']);

export interface ApplyInput {
  keys: SyncKeys;
  mirror: Db;
  local: LocalPort;
  travel: Travel;
  now: string;
  /** Revisions this device wrote and need not open again. */
  own: Set<string>;
  checkpoint?: () => void;
  progress?: (done: number) => void;
}

export interface ApplyOutcome {
  applied: number;
  quarantined: { ref: string; reason: string }[];
  devices: DeviceDoc[];
  editsKept: number;
  twoDeviceTexts: number;
  /** Chats written here: listed for this device's index (the caller starts indexing). */
  chatsWritten: string[];
  /** Chats written, deleted or forgotten here (the second stage must then look at every chat). */
  chatsChanged: number;
  /** Ids of the memories applying came to (what a second stage compares). */
  touched: string[];
  /** Revisions written to the mirror here (merges of conflicting ones): the push must carry them. */
  merged: number;
  /** Spaces deleted here because another device deleted them. */
  spacesRemoved: string[];
}

/** The other device's text, kept as a version of the memory and offered in review. */
function twoDeviceRecords(id: string, rec: SyncedMemory, text: string, now: string): MemoryRecord[] {
  const h = quickHash(`${id}\u0000${text}`);
  const base = toRecord({ ...rec, content: text, tags: tagsFor(text), pinned: false, updatedAt: now }, undefined);
  const { proposal: _p, invisibleRemoved: _i, ...plain } = base;
  return [
    { ...plain, id: `v-${h}`, status: 'superseded', supersededBy: id },
    {
      ...plain,
      id: `p-${h}`,
      status: 'proposed',
      supersededBy: null,
      proposal: { reasons: ['two-devices'], changes: id },
    },
  ];
}

interface Opened {
  docs: PlainDoc[];
  winner: PlainDoc | null;
  writes: Write[];
  /** Deletions of the leaves no device with the key wrote. */
  junk: Write[];
}

async function openLeaves(input: ApplyInput, row: ChangeRow, out: ApplyOutcome): Promise<Opened> {
  const { keys, mirror } = input;
  const doc = row.doc as NonNullable<ChangeRow['doc']>;
  const leaves = [{ rev: doc._rev, body: doc }, ...(await conflictLeaves(mirror, row.id, doc._conflicts ?? []))];
  const docs: PlainDoc[] = [];
  const forged: string[] = [];
  let winner: PlainDoc | null = null;
  for (const leaf of leaves) {
    const d = await decodeDoc(keys, leaf.body);
    if (d.ok) {
      docs.push(d.doc);
      if (leaf.rev === doc._rev) winner = d.doc;
    } else {
      out.quarantined.push({ ref: `${row.id}@${leaf.rev}`, reason: d.reason });
      if (FORGED.has(d.reason)) forged.push(leaf.rev);
    }
  }
  const writes: Write[] = leaves.slice(1).map((l) => ({ _id: row.id, _rev: l.rev, _deleted: true }));
  // Not written with this key: removed from the mirror (the push deletes it on the server too).
  const junk: Write[] = forged.map((rev) => ({ _id: row.id, _rev: rev, _deleted: true }));
  return { docs, winner, writes, junk };
}

/**
 * A rule group from another device. Rules carry their clock: a value older than the one this
 * device last synced is a replay, ignored, and this device's value is sent again.
 */
async function applyRules(input: ApplyInput, doc: Extract<PlainDoc, { k: 'r' }>, out: ApplyOutcome): Promise<boolean> {
  if (!input.travel[doc.group]) return false;
  const settings = await input.local.loadSettings();
  const here = hashValue(readGroup(settings, doc.group));
  const incoming = hashValue(doc.value);
  const base = (await input.local.synced([doc.id])).get(doc.id);
  const clock = (await input.local.clocks([doc.id])).get(doc.id);
  if (clock !== undefined && doc.at < clock) {
    out.quarantined.push({ ref: `${doc.id}@replayed`, reason: 'older than what was synced' });
    await input.local.markSynced([{ id: doc.id, h: '', c: clock }]);
    return false;
  }
  // Never synced from here: a joining device takes the server's rules.
  if (base !== undefined && here !== base && here !== incoming) return false;
  const next = writeGroup(settings, doc.group, doc.value);
  if (!next) return false;
  if (here !== incoming) await input.local.saveSettings(next);
  await input.local.markSynced([{ id: doc.id, h: incoming, c: doc.at }]);
  return true;
}

async function applyBatch(input: ApplyInput, rows: ChangeRow[], out: ApplyOutcome, chatsOnly = false): Promise<void> {
  const incoming: IncomingMemory[] = [];
  const spaces: IncomingSpace[] = [];
  const chats: ChatChanges = { touched: new Set(), removed: new Map(), excluded: new Set(), partsGone: [] };
  const writes: Write[] = [];
  const wanted = rows.filter((row) => {
    const doc = row.doc;
    if (!doc || doc._deleted || row.id === PARAMS_ID || row.id.startsWith('_')) return false;
    return Boolean(doc._conflicts?.length) || !input.own.has(`${row.id}@${doc._rev}`);
  });
  // Opened together: WebCrypto runs off the main thread, so many at once take far less time.
  const all = await Promise.all(wanted.map((row) => openLeaves(input, row, out)));
  for (const [i, row] of wanted.entries()) {
    const doc = row.doc as NonNullable<ChangeRow['doc']>;
    const opened = all[i] as Opened;
    if (opened.docs.length === 0) {
      writes.push(...opened.junk);
      continue;
    }
    if (chatsOnly && !opened.docs.some(isChatDoc)) continue;
    const r = resolve(opened.docs);
    if (opened.writes.length > 0) {
      const same = opened.winner && canon(opened.winner) === canon(r.doc);
      if (!same) writes.push({ ...(await encodeDoc(input.keys, r.doc)), _rev: doc._rev });
      writes.push(...opened.writes);
    }
    if (r.editBeatDelete) out.editsKept++;
    out.twoDeviceTexts += r.otherTexts.length;
    const d = r.doc;
    if (noteChatDoc(d, chats)) continue;
    if (chatsOnly) continue;
    if (d.k === 's') {
      if (spaceDocHolds(d))
        spaces.push({ key: d.id, id: d.rec.id, rec: d.rec, h: hashSpace(d.rec), clock: lastSpaceChange(d) });
      else out.quarantined.push({ ref: `${row.id}@${doc._rev}`, reason: 'unexpected shape' });
    } else if (d.k === 'x' && isSpaceKey(d.id)) {
      spaces.push({ key: d.id, id: d.id.slice(2), rec: null, h: null, clock: d.at });
    } else if (d.k === 'm') {
      const extras = r.otherTexts.flatMap((text) => twoDeviceRecords(d.rec.id, d.rec, text, input.now));
      const h = hashSynced(d.rec);
      incoming.push({
        key: d.id,
        id: d.rec.id,
        rec: d.rec,
        h,
        clock: lastChange(d),
        extras,
        unknown: unknownFields(d),
      });
    } else if (d.k === 'x') incoming.push({ key: d.id, id: d.id.slice(2), rec: null, h: null, clock: d.at });
    else if (d.k === 'r') await applyRules(input, d, out);
    else if (d.k === 'd') out.devices.push(d);
  }
  for (const w of await writeRevs(input.mirror, writes)) {
    input.own.add(w);
    out.merged++;
  }
  const chatOutcome = await applyChatChanges(input, chats);
  out.chatsWritten.push(...chatOutcome.written);
  // A chat forgotten or deleted here: the second stage deletes what this device had sent of it.
  out.applied += chatOutcome.changed;
  out.chatsChanged += chatOutcome.changed;
  for (const key of chatOutcome.stale)
    out.quarantined.push({ ref: `${key}@replayed`, reason: 'older than what was synced' });
  // Spaces before memories: a memory whose space arrives in the same batch finds it there.
  const placed = await input.local.applySpaces(spaces);
  out.applied += placed.applied;
  out.touched.push(...placed.touched);
  out.spacesRemoved.push(...placed.removed);
  for (const key of placed.stale)
    out.quarantined.push({ ref: `${key}@replayed`, reason: 'older than what was synced' });
  for (const key of placed.refused) out.quarantined.push({ ref: `${key}@refused`, reason: 'too many spaces' });
  const result = await input.local.applyIncoming(incoming);
  out.applied += result.applied;
  out.touched.push(...result.touched);
  for (const key of result.stale)
    out.quarantined.push({ ref: `${key}@replayed`, reason: 'older than what was synced' });
}

/**
 * Applies every mirror change since the last applied one; the position is saved batch by batch.
 * Chat history turned on here after it was off: the chats that arrived meanwhile (in the mirror
 * already, passed over) are applied first, from where chats were last applied.
 */
export async function applyChanges(input: ApplyInput): Promise<ApplyOutcome> {
  const out: ApplyOutcome = {
    applied: 0,
    quarantined: [],
    devices: [],
    editsKept: 0,
    twoDeviceTexts: 0,
    chatsWritten: [],
    chatsChanged: 0,
    touched: [],
    merged: 0,
    spacesRemoved: [],
  };
  const main = await readMark(input.mirror, APPLIED);
  if (input.travel.chats) {
    const chats = await readMark(input.mirror, CHATS_APPLIED);
    if (String(chats.seq) !== String(main.seq)) await pass(input, out, CHATS_APPLIED, chats, true);
  }
  const end = await pass(input, out, APPLIED, main, false);
  if (input.travel.chats) await saveMark(input.mirror, CHATS_APPLIED, end, await readMark(input.mirror, CHATS_APPLIED));
  // After everything this round brought: the deleting device's moves of the memories it knew
  // have landed, so what is still in those spaces is what it never knew of.
  out.touched.push(...(await input.local.orphansToReview(out.spacesRemoved)));
  return out;
}

async function pass(
  input: ApplyInput,
  out: ApplyOutcome,
  id: string,
  from: Mark,
  chatsOnly: boolean,
): Promise<number | string> {
  let mark = from;
  let done = 0;
  for (;;) {
    input.checkpoint?.();
    const page = await input.mirror.changes({
      since: mark.seq,
      limit: BATCH,
      include_docs: true,
      conflicts: true,
      style: 'all_docs',
    });
    if (page.results.length === 0) break;
    await applyBatch(input, page.results, out, chatsOnly);
    mark = await saveMark(input.mirror, id, page.last_seq, mark);
    done += page.results.length;
    input.progress?.(done);
  }
  return mark.seq;
}
