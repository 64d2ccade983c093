/**
 * What reaches the server, read as the server reads it (every stored document, raw) and as a
 * device with the key reads it (every document opened): memory text and ids never appear in
 * the raw dump; opened, the documents carry memories, deletions and the user's rules, and
 * never the key, the connection, usage, Activity, feedback, hits or desktop tools.
 */
import { describe, expect, it } from 'vitest';
import { decodeDoc } from '../../../lib/sync/codec';
import { PARAMS_ID } from '../../../lib/sync/params';
import { twoDevices } from './devices';

async function dump(remote: { allDocs(o: object): Promise<{ rows: { doc?: unknown }[] }> }) {
  const res = await remote.allDocs({ include_docs: true });
  return res.rows.map((r) => r.doc as Record<string, unknown>);
}

describe('what travels', () => {
  it('leaves the server no text and no id, and opens to memories and rules only', async () => {
    const { a, remote } = await twoDevices();
    const m = await a.add({
      content: 'Allergic to peanuts',
      type: 'fact',
      note: 'told the doctor',
      keywords: ['allergy'],
    });
    await a.db.memories.update(m.id, { feedback: 7, hitCount: 12, lastHitAt: '2026-11-01T10:00:00.000Z' });
    await a.db.usage.put({ day: '2026-11-01', inputTokens: 1, outputTokens: 1, costUsd: 0.5, calls: 1 });
    a.settings = {
      ...a.settings,
      baseUrl: 'https://proxy.example',
      model: 'secret-model-name',
      dailyTokenCap: 4242,
      privacyPatterns: [{ label: 'badge', pattern: 'EMP-\\d+' }],
      desktopTools: { enabled: true, allowAdd: true, allowSiteScoped: true, spaces: {}, searchChats: true },
    };
    await a.round();

    const raw = await dump(remote as never);
    const text = JSON.stringify(raw);
    for (const secret of ['Allergic', 'peanuts', 'doctor', 'allergy', m.id, 'EMP-', 'proxy.example', 'secret-model'])
      expect(text, secret).not.toContain(secret);
    for (const doc of raw.filter((d) => d._id !== PARAMS_ID))
      expect(Object.keys(doc).sort()).toEqual(['_id', '_rev', 'ct', 'iv', 'v']);

    const opened = [];
    for (const doc of raw.filter((d) => d._id !== PARAMS_ID)) {
      const d = await decodeDoc(a.keys, doc);
      expect(d.ok).toBe(true);
      if (d.ok) opened.push(d.doc);
    }
    expect(opened.map((d) => d.k).sort()).toEqual(['d', 'm', 'r', 'r', 'r', 'r']);
    const memory = opened.find((d) => d.k === 'm');
    expect(memory && 'rec' in memory ? memory.rec : null).toMatchObject({
      content: 'Allergic to peanuts',
      note: 'told the doctor',
    });
    const plain = JSON.stringify(opened);
    for (const never of [
      'feedback',
      'hitCount',
      'lastHitAt',
      'costUsd',
      'dailyTokenCap',
      'baseUrl',
      'proxy.example',
      'secret-model',
      'desktopTools',
      'allowAdd',
      'apiKey',
    ])
      expect(plain, never).not.toContain(never);
    expect(plain).toContain('EMP-');
  });

  it('carries the rules that are switched on, and leaves the others', async () => {
    const { a, b } = await twoDevices();
    a.settings = {
      ...a.settings,
      review: 'ask-first',
      privacyPatterns: [{ label: 'badge', pattern: 'EMP-\\d+' }],
      sites: { ...a.settings.sites, chatgpt: { ...a.settings.sites.chatgpt, budgetTokens: 900, inject: 'off' } },
      model: 'only-here',
    };
    await a.round();
    await b.round();
    expect(b.settings.review).toBe('ask-first');
    expect(b.settings.privacyPatterns).toEqual([{ label: 'badge', pattern: 'EMP-\\d+' }]);
    expect(b.settings.sites.chatgpt).toMatchObject({ budgetTokens: 900, inject: 'off' });
    expect(b.settings.model).not.toBe('only-here');
  });
});

describe('a hostile server', () => {
  it('gets malformed, oversized, foreign and moved documents quarantined and counted, the store untouched', async () => {
    const { a, b, remote } = await twoDevices();
    await a.add({ id: 'kept', content: 'Speaks Mandarin', type: 'fact' });
    await a.round();
    let good: Record<string, unknown> | undefined;
    for (const d of await dump(remote as never)) {
      const opened = d._id === PARAMS_ID ? null : await decodeDoc(a.keys, d);
      if (opened?.ok && opened.doc.k === 'm') good = d;
    }
    await remote.bulkDocs([
      { _id: 'sjunk', v: 1, iv: 'AAAA', ct: 'not sealed' },
      { _id: 'sbig', v: 1, iv: 'AAAAAAAAAAAAAAAA', ct: 'A'.repeat(300_000) },
      { _id: 'sshape', hello: 'world' },
      // A real sealed body replayed under another id: GCM is bound to the id, so it fails.
      { _id: 'smoved', v: 1, iv: good?.iv, ct: good?.ct },
    ]);
    const out = await b.round();
    expect(out.quarantined).toHaveLength(4);
    expect((await b.all()).map((m) => m.id)).toEqual(['kept']);
    // A replay of an old revision of a real document merges as the old state it is: nothing changes.
    await b.edit('kept', { content: 'Speaks Mandarin and Cantonese' }, '2030-01-01T00:00:00.000Z');
    await b.round();
    await remote.put({ ...good, _id: good?._id as string, _rev: (await remote.get(good?._id as string))._rev });
    await a.round();
    const replayed = await b.round();
    expect(replayed.quarantined.map((q) => q.reason)).toContain('older than what was synced');
    // B knew the newer state: it keeps it, counts the replay and sends its state again, which
    // then reaches A too.
    expect((await b.get('kept'))?.content).toBe('Speaks Mandarin and Cantonese');
    await a.round();
    for (const d of [a, b]) expect((await d.get('kept'))?.content).toBe('Speaks Mandarin and Cantonese');
  });
});
