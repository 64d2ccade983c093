/**
 * What a server that can only store and forward does with old documents in sync tests: every
 * document it holds (raw), the bodies of some records, a replay of old bodies on top of the
 * current revisions, and a record opened as a device with the key reads it.
 */
import { decodeDoc } from '../../../lib/sync/codec';
import { serverId } from '../../../lib/sync/keys';
import type { Db } from '../../../lib/sync/pouch-types';
import { sharedKeys } from './devices';

export type Body = Record<string, unknown> & { _id: string };

/** Every document the server holds now, raw (what a replay can put back later). */
export async function snapshot(remote: Db): Promise<Body[]> {
  const res = await (remote as never as { allDocs(o: object): Promise<{ rows: { doc?: unknown }[] }> }).allDocs({
    include_docs: true,
  });
  return res.rows.map((r) => r.doc as Body);
}

/** Puts the old bodies back as the newest revision of their ids (a server's replay). */
export async function replay(remote: Db, old: readonly Body[]): Promise<void> {
  for (const body of old) {
    const { _rev: _old, ...rest } = body;
    const now = (await remote.get(body._id).catch(() => null)) as { _rev: string } | null;
    await remote.put({ ...rest, ...(now ? { _rev: now._rev } : {}) } as never);
  }
}

export async function bodiesOf(remote: Db, keys: readonly string[]): Promise<Body[]> {
  const k = (await sharedKeys()).keys;
  const sids = new Set(await Promise.all(keys.map((key) => serverId(k, key))));
  return (await snapshot(remote)).filter((d) => sids.has(d._id));
}

export async function openedOnServer(remote: Db, key: string) {
  const k = (await sharedKeys()).keys;
  const sid = await serverId(k, key);
  const raw = await remote.get(sid).catch(() => null);
  if (!raw) return null;
  const d = await decodeDoc(k, raw);
  return d.ok ? d.doc : null;
}
