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
}

interface Pending {
  key: string;
  h: string | null;
  /** The latest change the staged (or unchanged) memory document records. */
  c?: string;
  make: (base: PlainDoc | null) => PlainDoc | null;
}

async function pendingChanges(input: StageInput): Promise<{ pending: Pending[]; rulesPending: boolean }> {
  const { local, travel, now } = input;
  if (input.scan === false) return { pending: [], rulesPending: false };
  const only = input.only;
  const keys = only && [...only.map(memoryKey), ...RULE_GROUPS.map(rulesKey)];
  const [memories, synced, settings] = await Promise.all([
    local.memories(only),
    local.synced(keys),
    local.loadSettings(),
  ]);
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
  let rulesPending = false;
  for (const group of RULE_GROUPS) {
    if (!travel[group]) continue;
    const key = rulesKey(group);
    rulesPending ||= !synced.has(key);
    const value = readGroup(settings, group);
    const h = hashValue(value);
    if (!synced.has(key) && !input.newRules) continue;
    if (synced.get(key) !== h) out.push({ key, h, make: () => ({ k: 'r', id: key, group, at: now, value }) });
  }
  return { pending: out, rulesPending };
}

export async function stage(input: StageInput): Promise<StageResult> {
  const { keys, mirror, local } = input;
  const { pending, rulesPending } = await pendingChanges(input);
  const written: string[] = [];
  const staged: string[] = [];
  const sids = await Promise.all(pending.map((p) => serverId(keys, p.key)));
  const extraSids = await Promise.all((input.extra ?? []).map((d) => serverId(keys, d.id)));
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
  return { written, staged, rulesPending };
}
