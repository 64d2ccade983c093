/**
 * Keys and documents: the derivation's parameters, what a wrong passphrase does, and the checks
 * every document from the server passes (authenticated, bound to its id, size-bounded, zod).
 */
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../../lib/memory/factory';
import { decodeDoc, encodeDoc, MAX_SEALED_CHARS, type PlainDoc } from '../../../lib/sync/codec';
import { deriveKeys, KdfParamsSchema, MIN_ITERATIONS, newKdfParams, seal, serverId } from '../../../lib/sync/keys';
import { createParams, unlockParams, WrongPassphrase } from '../../../lib/sync/params';
import { sharedKeys } from './devices';

// An id of letters no hex digest holds, so finding it in the server id can only be a leak.
const doc: PlainDoc = { k: 'x', id: 'm:ghost', at: '2026-11-01T10:00:00.000Z' };

describe('key derivation', () => {
  it('uses PBKDF2-SHA-256 with at least 600,000 iterations and a random 16-byte salt', () => {
    const p = newKdfParams();
    expect(p).toMatchObject({ kdf: 'PBKDF2-SHA-256', iterations: 600_000 });
    expect(MIN_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    expect(atob(p.salt)).toHaveLength(16);
    expect(newKdfParams().salt).not.toBe(p.salt);
    // A server cannot talk a device down to a weak derivation, or up to an endless one.
    expect(KdfParamsSchema.safeParse({ ...p, iterations: 1000 }).success).toBe(false);
    expect(KdfParamsSchema.safeParse({ ...p, iterations: 1e9 }).success).toBe(false);
  });

  it('makes keys that cannot be read back', async () => {
    const { keys } = await sharedKeys();
    expect(keys.enc.extractable).toBe(false);
    expect(keys.mac.extractable).toBe(false);
    expect(keys.enc.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    await expect(crypto.subtle.exportKey('raw', keys.enc)).rejects.toThrow();
  });

  it('refuses a wrong passphrase with WrongPassphrase, and opens with the right one', async () => {
    const { doc: params } = await sharedKeys();
    await expect(unlockParams('not the passphrase', params)).rejects.toBeInstanceOf(WrongPassphrase);
    const keys = await unlockParams('correct horse battery staple', params);
    expect(await serverId(keys, 'm:abc')).toBe(await serverId((await sharedKeys()).keys, 'm:abc'));
  });
});

describe('documents from the server', () => {
  it("keep a memory's source address only on the place it names, as a memory file does", async () => {
    const { keys } = await sharedKeys();
    const { hitCount: _h, lastHitAt: _l, ...base } = createMemory({ content: 'Lives in Lyon', type: 'fact' });
    const sent = (site: string, url: string): PlainDoc => ({
      k: 'm',
      id: `m:${base.id}`,
      rec: { ...base, source: { site, url, chatId: 'c1' } },
      clk: {},
      ch: [],
    });
    const urlOf = async (site: string, url: string) => {
      const out = await decodeDoc(keys, await encodeDoc(keys, sent(site, url)));
      return out.ok && out.doc.k === 'm' ? out.doc.rec.source?.url : 'refused';
    };
    expect(await urlOf('chatgpt', 'javascript:alert(1)')).toBe('');
    expect(await urlOf('chatgpt', 'https://chatgpt.com.evil.example/c/1')).toBe('');
    expect(await urlOf('chatgpt', 'https://user@chatgpt.com/c/1')).toBe('');
    expect(await urlOf('example.org', 'https://elsewhere.example/a')).toBe('');
    expect(await urlOf('chatgpt', 'https://chatgpt.com/c/1')).toBe('https://chatgpt.com/c/1');
    expect(await urlOf('example.org', 'https://example.org/a')).toBe('https://example.org/a');
  });

  it('round-trip, and hide the record id behind a keyed hash', async () => {
    const { keys } = await sharedKeys();
    const body = await encodeDoc(keys, doc);
    expect(body._id).not.toContain('ghost');
    expect(JSON.stringify(body)).not.toContain('m:ghost');
    expect(await decodeDoc(keys, body)).toEqual({ ok: true, doc });
  });

  it('refuses a tampered, moved, foreign, oversized or malformed document', async () => {
    const { keys } = await sharedKeys();
    const body = await encodeDoc(keys, doc);
    const flipped = { ...body, ct: `${body.ct.slice(0, 10)}${body.ct[10] === 'A' ? 'B' : 'A'}${body.ct.slice(11)}` };
    expect(await decodeDoc(keys, flipped)).toMatchObject({ ok: false });
    const other = await encodeDoc(keys, { ...doc, id: 'm:other' });
    expect(await decodeDoc(keys, { ...body, _id: other._id })).toMatchObject({ ok: false });
    const foreign = await deriveKeys('another passphrase', (await createParams('x'.repeat(8), 600_000)).doc.params);
    expect(await decodeDoc(keys, await encodeDoc(foreign, doc))).toMatchObject({ ok: false });
    expect(await decodeDoc(keys, { ...body, ct: 'A'.repeat(MAX_SEALED_CHARS + 1) })).toMatchObject({
      ok: false,
      reason: 'malformed or oversized',
    });
    expect(await decodeDoc(keys, { _id: body._id, v: 2 })).toMatchObject({ ok: false });
    const notOurs = await seal(keys, JSON.stringify({ k: 'm', id: 'm:abc', rec: { content: 7 } }), body._id);
    expect(await decodeDoc(keys, { ...body, ...notOurs })).toMatchObject({ ok: false, reason: 'unexpected shape' });
  });
});
