/**
 * The loopback CouchDB of the sync tests, checked from Node with a plain PouchDB over HTTP: the
 * replication protocol end to end, CORS for extension origins, the login, the dump, stop and
 * restart (a kill mid-sync), and the hostile side. No browser.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { type CouchServer, startCouchServer } from './harness/couch-server';
import { NodePouch, type PouchDatabase } from './harness/node-pouch';

/** A client database in memory, apart from the server's and every other client's. */
function localDb(): PouchDatabase {
  return new NodePouch(`client-${randomBytes(6).toString('hex')}`, { adapter: 'memory' });
}

function remote(server: CouchServer, name: string, auth?: { username: string; password: string }): PouchDatabase {
  return new NodePouch(server.dbUrl(name), { adapter: 'http', ...(auth ? { auth } : {}) });
}

async function sync(local: PouchDatabase, remoteDb: PouchDatabase): Promise<void> {
  await local.replicate.from(remoteDb);
  await local.replicate.to(remoteDb);
}

let server: CouchServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the loopback CouchDB', () => {
  it('speaks the replication protocol both ways: checkpoints, _changes, _revs_diff, _bulk_get, _bulk_docs', async () => {
    server = await startCouchServer();
    const a = localDb();
    const b = localDb();
    await a.bulkDocs([
      { _id: 'one', text: 'first' },
      { _id: 'two', text: 'second' },
    ]);
    await sync(a, remote(server, 'mirror'));
    await sync(b, remote(server, 'mirror'));
    expect((await b.get('one')).text).toBe('first');

    const edited = await b.get('two');
    await b.put({ ...edited, text: 'second, edited' });
    await b.remove(await b.get('one'));
    await sync(b, remote(server, 'mirror'));
    await sync(a, remote(server, 'mirror'));
    expect((await a.get('two')).text).toBe('second, edited');
    await expect(a.get('one')).rejects.toMatchObject({ status: 404 });

    const answered = (pattern: RegExp, method: string) =>
      server!.requests.filter((r) => r.method === method && pattern.test(r.url) && r.status! >= 200 && r.status! < 300);
    expect(answered(/^\/mirror\/_local\//, 'PUT').length).toBeGreaterThan(0);
    expect(answered(/^\/mirror\/_local\//, 'GET').length).toBeGreaterThan(0);
    expect(answered(/^\/mirror\/_changes/, 'GET').length).toBeGreaterThan(0);
    expect(answered(/^\/mirror\/_revs_diff/, 'POST').length).toBeGreaterThan(0);
    expect(answered(/^\/mirror\/_bulk_docs/, 'POST').length).toBeGreaterThan(0);
    expect(answered(/^\/mirror\/_bulk_get/, 'POST').length).toBeGreaterThan(0);
  });

  it('keeps both sides of a conflict, and the dump shows every revision, deletion, attachment and checkpoint', async () => {
    server = await startCouchServer();
    const a = localDb();
    const b = localDb();
    await a.put({ _id: 'shared', text: 'original words' });
    await sync(a, remote(server, 'mirror'));
    await sync(b, remote(server, 'mirror'));
    await a.put({ ...(await a.get('shared')), text: 'edited on device A' });
    await b.put({ ...(await b.get('shared')), text: 'edited on device B' });
    await a.put({ _id: 'gone', text: 'soon deleted words' });
    await sync(a, remote(server, 'mirror'));
    await a.remove(await a.get('gone'));
    await a.putAttachment('with-file', 'note.txt', Buffer.from('attachment plaintext'), 'text/plain');
    await sync(a, remote(server, 'mirror'));
    await sync(b, remote(server, 'mirror'));

    const shared = await remote(server, 'mirror').get('shared', { conflicts: true });
    expect(shared._conflicts).toHaveLength(1);
    const revisions = await server.snapshot();
    const leaves = revisions.filter((r) => r.id === 'shared' && r.leaf).map((r) => String(r.body.text));
    expect(leaves.sort()).toEqual(['edited on device A', 'edited on device B']);
    expect(revisions.some((r) => r.id === 'gone' && r.deleted && r.leaf)).toBe(true);

    const dump = await server.dump();
    expect(dump).toContain('databases\tmirror');
    for (const text of [
      'original words',
      'edited on device A',
      'edited on device B',
      'soon deleted words',
      'attachment plaintext',
    ])
      expect(dump).toContain(text);
    expect(dump).toMatch(/mirror\t_local\/\S+\t/);
    expect(server.traffic()).toContain('edited on device B');
  });

  it('answers CORS for extension origins with credentials and the headers PouchDB sends, and nobody else', async () => {
    server = await startCouchServer();
    const preflight = (origin: string) =>
      fetch(`${server!.url}/mirror/_bulk_docs`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,accept',
        },
      });
    for (const origin of [
      'chrome-extension://abcdefghijklmnopabcdefghijklmnop',
      'moz-extension://6d1c2f9e-3b7a-4c55',
    ]) {
      const answer = await preflight(origin);
      expect(answer.status).toBe(204);
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
      expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
      expect(answer.headers.get('access-control-allow-headers')).toMatch(
        /authorization.*content-type|content-type.*authorization/,
      );
      expect(answer.headers.get('access-control-allow-methods')).toContain('POST');
      const put = await fetch(`${server.url}/mirror`, { method: 'PUT', headers: { origin } });
      expect(put.headers.get('access-control-allow-origin')).toBe(origin);
    }
    const refused = await preflight('https://evil.example');
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('needs its login when it has one: basic auth or a _session cookie', async () => {
    const credentials = { user: 'couch-admin', password: 'p4ss word:with colon' };
    server = await startCouchServer({ credentials });
    expect((await fetch(`${server.url}/`)).status).toBe(401);
    const local = localDb();
    await local.put({ _id: 'x', text: 'behind a login' });
    await expect(
      local.replicate.to(remote(server, 'mirror', { username: 'couch-admin', password: 'wrong' })),
    ).rejects.toMatchObject({ status: 401 });
    await local.replicate.to(remote(server, 'mirror', { username: credentials.user, password: credentials.password }));
    expect(await server.dump()).toContain('behind a login');

    const bad = await fetch(`${server.url}/_session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: credentials.user, password: 'nope' }),
    });
    expect(bad.status).toBe(401);
    const login = await fetch(`${server.url}/_session`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: credentials.user, password: credentials.password }).toString(),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
    expect(cookie).toMatch(/^AuthSession=.+/);
    const session = await (await fetch(`${server.url}/_session`, { headers: { cookie } })).json();
    expect(session.userCtx.name).toBe(credentials.user);
    expect((await fetch(`${server.url}/mirror/x`, { headers: { cookie } })).status).toBe(200);
  });

  it('keeps its data across stop and restart, and a kill after storing a batch leaves nothing doubled', async () => {
    server = await startCouchServer();
    const a = localDb();
    await a.bulkDocs(Array.from({ length: 30 }, (_, i) => ({ _id: `doc-${i}`, n: i })));
    const killed = server.killOn({
      match: (r) => r.method === 'POST' && r.url.startsWith('/mirror/_bulk_docs'),
      phase: 'after',
    });
    await expect(a.replicate.to(remote(server, 'mirror'))).rejects.toBeTruthy();
    await killed;
    expect(server.isRunning).toBe(false);
    await expect(fetch(`${server.url}/`)).rejects.toThrow();

    await server.restart();
    await a.put({ _id: 'doc-late', n: 99 });
    await a.replicate.to(remote(server, 'mirror'));
    const stored = await remote(server, 'mirror').allDocs({ conflicts: true, include_docs: true });
    expect(stored.rows).toHaveLength(31);
    expect(stored.rows.every((r) => !r.doc?._conflicts)).toBe(true);

    await server.stop();
    await server.restart();
    const b = localDb();
    await b.replicate.from(remote(server, 'mirror'));
    expect((await b.allDocs()).rows).toHaveLength(31);
  });

  it('a kill before the server reads a request cuts the client off; the retry completes', async () => {
    server = await startCouchServer();
    const a = localDb();
    await a.bulkDocs(Array.from({ length: 5 }, (_, i) => ({ _id: `doc-${i}`, n: i })));
    const killed = server.killOn({ match: (r) => r.url.startsWith('/mirror/_revs_diff'), phase: 'before' });
    await expect(a.replicate.to(remote(server, 'mirror'))).rejects.toBeTruthy();
    await killed;
    await server.restart();
    await a.replicate.to(remote(server, 'mirror'));
    expect((await remote(server, 'mirror').allDocs()).rows).toHaveLength(5);
  });

  it('writes hostile documents that replicate like any other, and can break its answers', async () => {
    server = await startCouchServer();
    const a = localDb();
    await a.put({ _id: 'a1b2c3d4e5f60718', text: 'QUJDREVGR0g=', n: 1 });
    await a.put({ _id: 'f0e1d2c3b4a59687', text: 'SUpLTE1OT1A=', n: 2 });
    await a.replicate.to(remote(server, 'mirror'));
    await a.put({ ...(await a.get('a1b2c3d4e5f60718')), text: 'bmV3ZXIgdGV4dA==' });
    await a.replicate.to(remote(server, 'mirror'));
    const other = localDb();
    await other.put({ _id: '0123456789abcdef', text: 'b3RoZXIga2V5' });
    await other.replicate.to(remote(server, 'another'));

    const h = server.hostile;
    const malformed = await h.malformed('mirror', 'f0e1d2c3b4a59687');
    const big = await h.oversized('mirror', 'f0e1d2c3b4a59687', 2_000_000);
    const replayedRev = await h.replay('mirror', 'a1b2c3d4e5f60718');
    const foreign = await h.foreign('mirror', 'f0e1d2c3b4a59687', 'a1b2c3d4e5f60718');
    const transplanted = await h.transplant('another', 'mirror');
    expect(malformed).toHaveLength(6);
    expect(malformed.every((id) => /^[0-9a-f]{16}$/.test(id))).toBe(true);

    const b = localDb();
    await b.replicate.from(remote(server, 'mirror'));
    expect(String((await b.get(big)).text).length).toBeGreaterThan(1_900_000);
    const replayed = await b.get('a1b2c3d4e5f60718', { revs: true });
    // The replayed revision, then the foreign body on top of it under the real id.
    expect(replayed._revisions?.ids).toContain(replayedRev.split('-')[1]);
    expect(replayed.text).toBe('SUpLTE1OT1A=');
    const history = await new server.pouch('mirror').get('a1b2c3d4e5f60718', { rev: replayedRev });
    expect(history.text).toBe('QUJDREVGR0g=');
    for (const id of [...malformed, ...foreign, ...transplanted]) expect((await b.get(id))._id).toBe(id);

    const undo = server.breakResponses((r) => r.url.startsWith('/mirror/_changes'));
    await expect(localDb().replicate.from(remote(server, 'mirror'))).rejects.toBeTruthy();
    undo();
    await localDb().replicate.from(remote(server, 'mirror'));
  });

  it('replays an old revision as a winning conflict branch', async () => {
    server = await startCouchServer();
    const a = localDb();
    await a.put({ _id: 'doc', text: 'v1' });
    await a.replicate.to(remote(server, 'mirror'));
    await a.put({ ...(await a.get('doc')), text: 'v2' });
    await a.replicate.to(remote(server, 'mirror'));
    await server.hostile.replay('mirror', 'doc', { asConflict: true });
    await a.replicate.from(remote(server, 'mirror'));
    const doc = await a.get('doc', { conflicts: true });
    expect(doc.text).toBe('v1');
    expect(doc._conflicts).toHaveLength(1);
  });
});
