/**
 * Staging: every change made here since the last sync becomes a new revision in the mirror,
 * on top of the revision it was made from, before anything is pulled. A change made on another
 * device meanwhile then meets it as a CouchDB conflict, which apply.ts merges. Staging is
 * local only (it works offline), and staging the same state twice writes nothing.
 */
import { decodeDoc, encodeDoc, type MemoryDoc, memoryKey, type PlainDoc, rulesKey } from './codec';
import type { SyncKeys } from './keys';
import { serverId } from './keys';
import type { LocalPort } from './local-port';
import { lastChange, stampMemory } from './merge';
import { currentRevs, type Write, writeRevs } from './mirror-docs';
import type { Db } from './pouch-types';
import { hashMemory, hashValue, project } from './project';
import { RULE_GROUPS, readGroup } from './rules';
import type { Travel } from './schemas';

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
  checkpoint?: () => void;
}

export interface StageResult {
  /** `id@rev` of every revision written. */
  written: string[];
  /** Server ids of the records staged. */
  staged: string[];
}

interface Pending {
  key: string;
  h: string | null;
  /** The latest change the staged (or unchanged) memory document records. */
  c?: string;
  make: (base: PlainDoc | null) => PlainDoc | null;
}

async function pendingChanges(input: StageInput): Promise<Pending[]> {
  const { local, travel, now } = input;
  const [memories, synced, settings] = await Promise.all([local.memories(), local.synced(), local.loadSettings()]);
  const out: Pending[] = [];
  const here = new Set<string>();
  for (const m of memories) {
    const key = memoryKey(m.id);
    here.add(key);
    const h = hashMemory(m);
    if (synced.get(key) === h) continue;
    const rec = project(m);
    out.push({ key, h, make: (base) => stampMemory(key, rec, base?.k === 'm' ? (base as MemoryDoc) : null, now) });
  }
  for (const key of synced.keys()) {
    if (key.startsWith('m:') && !here.has(key)) out.push({ key, h: null, make: () => ({ k: 'x', id: key, at: now }) });
  }
  for (const group of RULE_GROUPS) {
    if (!travel[group]) continue;
    const key = rulesKey(group);
    const value = readGroup(settings, group);
    const h = hashValue(value);
    if (!synced.has(key) && !input.newRules) continue;
    if (synced.get(key) !== h) out.push({ key, h, make: () => ({ k: 'r', id: key, group, at: now, value }) });
  }
  return out;
}

export async function stage(input: StageInput): Promise<StageResult> {
  const { keys, mirror, local } = input;
  const pending = await pendingChanges(input);
  const written: string[] = [];
  const staged: string[] = [];
  const sids = await Promise.all(pending.map((p) => serverId(keys, p.key)));
  const extraSids = await Promise.all((input.extra ?? []).map((d) => serverId(keys, d.id)));
  const current = await currentRevs(mirror, [...sids, ...extraSids]);
  const writes: Write[] = [];
  const marks: { p: Pending; sid: string | null }[] = [];
  for (let i = 0; i < pending.length; i++) {
    if (i % 500 === 0) input.checkpoint?.();
    const p = pending[i] as Pending;
    const sid = sids[i] as string;
    const leaf = current.get(sid);
    const decoded = leaf ? await decodeDoc(keys, leaf.body) : null;
    const baseDoc = decoded?.ok ? decoded.doc : null;
    const doc = p.make(baseDoc);
    const stamped = doc ?? baseDoc;
    if (stamped?.k === 'm') p.c = lastChange(stamped);
    if (doc) {
      writes.push({ ...(await encodeDoc(keys, doc)), ...(leaf ? { _rev: leaf.rev } : {}) });
      staged.push(sid);
    }
    marks.push({ p, sid: doc ? sid : null });
  }
  for (const [i, doc] of (input.extra ?? []).entries()) {
    const leaf = current.get(extraSids[i] as string);
    writes.push({ ...(await encodeDoc(keys, doc)), ...(leaf ? { _rev: leaf.rev } : {}) });
  }
  written.push(...(await writeRevs(mirror, writes)));
  // Marked after the mirror holds them: a worker stopped between the two stages them again,
  // and a state already in the mirror stamps as "nothing changed". A refused write stays unmarked.
  const ok = new Set(written.map((w) => w.slice(0, w.indexOf('@'))));
  const landed = marks.filter((m) => m.sid === null || ok.has(m.sid)).map((m) => m.p);
  await local.markSynced(
    landed.flatMap((p) => (p.h === null ? [] : [{ id: p.key, h: p.h, ...(p.c ? { c: p.c } : {}) }])),
    landed.flatMap((p) => (p.h === null ? [p.key] : [])),
  );
  return { written, staged };
}
