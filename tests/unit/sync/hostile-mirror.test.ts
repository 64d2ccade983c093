/**
 * A server filling the mirror: documents padded to megabytes, attachments, thousands of junk
 * envelopes. The mirror shares the extension's storage with the memory store, so nothing
 * oversized or extended is ever stored, junk is cleared out in the round that brought it, one
 * pull stores at most its budget, and memories keep travelling throughout.
 */
import { describe, expect, it } from 'vitest';
import { decodeDoc, memoryKey } from '../../../lib/sync/codec';
import { serverId } from '../../../lib/sync/keys';
import { MirrorFull } from '../../../lib/sync/mirror-gate';
import { PARAMS_ID } from '../../../lib/sync/params';
import type { Db } from '../../../lib/sync/pouch-types';
import { Device, twoDevices } from './devices';

type Raw = Record<string, unknown> & { _id: string; _rev?: string };
type AllDocs = { allDocs(o: object): Promise<{ rows: { id: string; doc?: unknown }[] }> };

/** Bytes of every live document the mirror holds, and their ids. */
async function mirrorSize(mirror: Db): Promise<{ bytes: number; ids: string[] }> {
  const rows = (await (mirror as never as AllDocs).allDocs({ include_docs: true })).rows;
  return { bytes: rows.reduce((n, r) => n + JSON.stringify(r.doc).length, 0), ids: rows.map((r) => r.id) };
}

function junk(i: number): Raw {
  const ct = Buffer.from(`junk-${i}-`.repeat(80)).toString('base64');
  return { _id: `s${i.toString(16).padStart(63, '0')}`, v: 1, iv: 'AAAAAAAAAAAAAAAA', ct };
}

describe('a server filling the mirror', () => {
  it('never stores a real sealed body padded to 2 MB, nor one carrying an attachment', async () => {
    const { a, b, remote } = await twoDevices();
    const m = await a.add({ content: 'Grows tomatoes on the balcony', type: 'fact' });
    await a.round();
    const sid = await serverId(a.keys, memoryKey(m.id));
    const real = (await remote.get(sid)) as Raw;
    await remote.put({ ...real, pad: 'A'.repeat(2_000_000) });
    const out = await b.round();
    expect(await b.get(m.id)).toBeUndefined();
    expect(out.quarantined.map((q) => q.reason)).toContain('refused unstored');
    const held = await b.mirror.get(sid).catch(() => null);
    expect(held && 'pad' in held).toBeFalsy();
    // Decoding refuses the padded body too, wherever it came from.
    expect((await decodeDoc(a.keys, { ...real, pad: 'x' })).ok).toBe(false);

    const now = (await remote.get(sid)) as Raw;
    const { pad: _pad, ...clean } = now;
    await remote.put({
      ...clean,
      _attachments: { 'fill.bin': { content_type: 'application/octet-stream', data: 'A'.repeat(2_000_000) } },
    });
    await b.round();
    expect(JSON.stringify(await mirrorSize(b.mirror))).not.toContain('fill.bin');

    // The one readable document, the key parameters, padded inside: refused as well.
    const params = (await remote.get(PARAMS_ID)) as Raw & { params: Record<string, unknown> };
    await remote.put({ ...params, params: { ...params.params, pad: 'A'.repeat(2_000_000) } });
    const padded = await b.round();
    expect(padded.quarantined.map((q) => q.reason)).toContain('refused unstored');
    expect(JSON.stringify(await b.mirror.get(PARAMS_ID))).not.toContain('AAAAAAAAAA');
  });

  it('keeps the memory working and the mirror under its cap against thousands of junk and 2 MB documents', async () => {
    const { a, remote } = await twoDevices();
    const budget = 1024 * 1024;
    const b = new Device('b-budget', a.keys, remote, undefined, undefined, budget);
    await a.add({ content: 'Learns the cello', type: 'fact' });
    await a.round();
    await b.round();
    const legit = (await mirrorSize(b.mirror)).bytes;

    const big = Array.from({ length: 5 }, (_, i) => ({ ...junk(100_000 + i), ct: 'A'.repeat(2_000_000) }));
    const many = Array.from({ length: 3000 }, (_, i) => junk(i));
    const m = await a.add({ content: 'Takes the night train to Vienna', type: 'fact' });
    await a.round();
    await remote.bulkDocs([...big, ...many] as never);

    let full = 0;
    for (let i = 0; i < 10; i++) {
      const outcome = await b.round().then(
        () => 'done',
        (e: unknown) => (e instanceof MirrorFull ? 'full' : Promise.reject(e)),
      );
      const size = await mirrorSize(b.mirror);
      // Never more than what the devices wrote, a pull's budget and the junk ids' small tombstones.
      expect(size.bytes).toBeLessThan(legit + budget + 20_000);
      if (outcome === 'done') break;
      full++;
    }
    expect(full).toBeGreaterThan(0);
    expect((await b.get(m.id))?.content).toBe('Takes the night train to Vienna');
    const after = await mirrorSize(b.mirror);
    const planted = new Set([...big, ...many].map((d) => d._id));
    expect(after.ids.filter((id) => planted.has(id))).toEqual([]);
    expect(after.bytes).toBeLessThan(legit + 20_000);
    // The next round is quiet: the junk is gone from the mirror and the server alike.
    const edit = await a.add({ content: 'Reads Borges in Spanish', type: 'fact' });
    await a.round();
    await b.round();
    expect((await b.get(edit.id))?.content).toBe('Reads Borges in Spanish');
  }, 120_000);
});
