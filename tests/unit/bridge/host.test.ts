/**
 * The host role over a real Unix socket, with a stand-in browser on its pipe (a PassThrough
 * pair speaking the native messaging frames), and the MCP role's real socket client. The doors:
 * malformed and oversized frames from either side, the call bound, a browser that never
 * answers, no browser at all, a socket directory another user could enter, another user's
 * process.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeFrame, FrameDecoder } from '../../../bridge/frames';
import { startHost } from '../../../bridge/host';
import { HostClient } from '../../../bridge/host-client';
import { NOT_CONNECTED, TIMED_OUT } from '../../../lib/bridge/errors';
import { CALLS_PER_MINUTE, MAX_FRAME_BYTES } from '../../../lib/bridge/limits';

interface Rig {
  dir: string;
  path: string;
  /** What the host sent to the browser. */
  toBrowser: unknown[];
  /** Sends a frame to the host as the browser would. */
  fromBrowser(message: unknown): void;
  browserIn: PassThrough;
  close(): Promise<void>;
}

const rigs: Rig[] = [];
afterEach(async () => {
  for (const r of rigs.splice(0)) await r.close();
});

/** A host whose stand-in browser answers every call with `answer` (or never, with null). */
async function rig(answer: ((call: { id: number; tool: string; args: unknown }) => unknown) | null, timeoutMs = 5000) {
  const dir = join(mkdtempSync(join(tmpdir(), 'claude-mem-host-')), 'run');
  const path = join(dir, 'bridge.sock');
  const browserIn = new PassThrough();
  const browserOut = new PassThrough();
  const toBrowser: unknown[] = [];
  const decoder = new FrameDecoder(MAX_FRAME_BYTES);
  const fromBrowser = (m: unknown) => browserIn.write(encodeFrame(m, MAX_FRAME_BYTES));
  browserOut.on('data', (chunk: Buffer) => {
    for (const f of decoder.push(chunk)) {
      if (!f.ok) continue;
      toBrowser.push(f.value);
      const v = f.value as { kind: string; id: number; tool: string; args: unknown };
      if (v.kind === 'call' && answer) fromBrowser({ kind: 'reply', id: v.id, reply: answer(v) });
    }
  });
  const host = await startHost({
    input: browserIn,
    output: browserOut,
    socketPath: path,
    dir,
    log: () => {},
    timeoutMs,
  });
  const r: Rig = { dir, path, toBrowser, fromBrowser, browserIn, close: () => host.close() };
  rigs.push(r);
  return r;
}

const found = (memories: unknown[] = []) => ({ ok: true, data: { memories } });
const memory = {
  id: 'm1',
  type: 'fact',
  content: 'lives in Chengdu',
  date: '2026-11-30',
  importance: 3,
  scope: 'global',
};

/** Raw bytes to the socket; resolves with everything the host wrote back once it closes or goes quiet. */
function raw(path: string, bytes: Buffer[]): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    const s = connect(path);
    let text = '';
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      s.destroy();
      resolve({ text, closed });
    };
    s.on('data', (b) => {
      text += b.toString('utf8');
    });
    s.on('connect', () => {
      for (const b of bytes) s.write(b);
      setTimeout(() => finish(false), 300);
    });
    s.on('close', () => finish(true));
    s.on('error', () => finish(true));
  });
}

describe('bridge host', () => {
  it('says it is ready, passes a call to the browser with the client name, and the reply back', async () => {
    const r = await rig(() => found([memory]));
    const client = new HostClient(r.path);
    const reply = await client.call('Cursor', 'search_memories', { query: 'where do I live' });
    expect(reply).toEqual(found([memory]));
    expect(r.toBrowser[0]).toMatchObject({ kind: 'ready' });
    expect(r.toBrowser[1]).toMatchObject({
      kind: 'call',
      client: 'Cursor',
      tool: 'search_memories',
      args: { query: 'where do I live' },
    });
    client.close();
  });

  it('makes the directory 0700 and the socket closed to group and others', async () => {
    const r = await rig(() => found());
    expect(statSync(r.dir).mode & 0o777).toBe(0o700);
    expect(statSync(r.path).mode & 0o077).toBe(0);
  });

  it('refuses malformed and oversized frames from a client and keeps serving', async () => {
    const r = await rig(() => found([memory]));
    const bad = await raw(r.path, [encodeFrame({ id: 7, tool: 'drop_tables' }, 1024)]);
    expect(bad.text).toContain('malformed call');
    const notJson = Buffer.from('{{{{');
    const head = Buffer.alloc(4);
    head.writeUInt32LE(notJson.length);
    expect((await raw(r.path, [head, notJson])).text).toContain('frame is not JSON');
    const huge = Buffer.alloc(4);
    huge.writeUInt32LE(100 * 1024 * 1024);
    const over = await raw(r.path, [huge, Buffer.alloc(1000)]);
    expect(over.closed).toBe(true);
    // Nothing of those reached the browser, and the next client is served.
    expect(r.toBrowser.filter((m) => (m as { kind: string }).kind === 'call')).toHaveLength(0);
    const client = new HostClient(r.path);
    expect(await client.call('Claude', 'search_memories', { query: 'x' })).toEqual(found([memory]));
    client.close();
  });

  it('ignores malformed frames from the browser, and answers the call when a good one comes', async () => {
    let pending: { id: number } | null = null;
    const r = await rig((call) => {
      pending = call;
      return undefined as never;
    });
    // The stand-in above answers with an invalid reply (no `ok`): the host must not pass it on.
    const client = new HostClient(r.path);
    const answer = client.call('Claude', 'get_profile', {});
    await expect.poll(() => pending).not.toBeNull();
    r.fromBrowser({ kind: 'reply', id: (pending as unknown as { id: number }).id, reply: { ok: 'yes', data: 'key' } });
    r.fromBrowser({ kind: 'reply', id: (pending as unknown as { id: number }).id, reply: found([memory]) });
    expect(await answer).toEqual(found([memory]));
    client.close();
  });

  it('holds the call bound per client, while another client is still served', async () => {
    const r = await rig(() => found());
    const cursor = new HostClient(r.path);
    const replies = [];
    for (let i = 0; i < CALLS_PER_MINUTE + 5; i++) replies.push(await cursor.call('Cursor', 'get_profile', {}));
    const refused = replies.filter((x) => !x.ok);
    expect(replies.filter((x) => x.ok)).toHaveLength(CALLS_PER_MINUTE);
    expect(refused).toHaveLength(5);
    expect(refused[0]).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
    const calls = r.toBrowser.filter((m) => (m as { kind: string }).kind === 'call');
    expect(calls).toHaveLength(CALLS_PER_MINUTE);
    const claude = new HostClient(r.path);
    expect((await claude.call('Claude', 'get_profile', {})).ok).toBe(true);
    cursor.close();
    claude.close();
  });

  it('answers a clear error when the browser does not answer in time, or is not there at all', async () => {
    const r = await rig(null, 200);
    const client = new HostClient(r.path);
    expect(await client.call('Claude', 'get_profile', {})).toEqual({
      ok: false,
      error: { code: 'timeout', message: TIMED_OUT },
    });
    client.close();
    const nowhere = new HostClient(join(r.dir, '..', 'none', 'bridge.sock'));
    const t0 = performance.now();
    expect(await nowhere.call('Claude', 'get_profile', {})).toEqual({
      ok: false,
      error: { code: 'not_connected', message: NOT_CONNECTED },
    });
    console.log(`bridge host: no browser answered in ${(performance.now() - t0).toFixed(1)} ms`);
  });

  it('tells a waiting client at once when the browser closes the port', async () => {
    const r = await rig(null);
    const client = new HostClient(r.path);
    const answer = client.call('Claude', 'get_profile', {});
    await expect.poll(() => r.toBrowser.length).toBe(2);
    await r.close();
    rigs.splice(0);
    // The host's socket is gone with it: the next call fails fast too.
    expect((await client.call('Claude', 'get_profile', {})).ok).toBe(false);
    client.close();
    await expect(answer).resolves.toMatchObject({ ok: false });
  });

  it('never uses a socket directory another user could enter or owns', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'claude-mem-open-'));
    const open = join(parent, 'run');
    mkdirSync(open, { mode: 0o755 });
    chmodSync(open, 0o755);
    const client = new HostClient(join(open, 'bridge.sock'));
    expect(await client.call('Claude', 'get_profile', {})).toMatchObject({
      ok: false,
      error: { code: 'not_connected' },
    });
    await expect(
      startHost({
        input: new PassThrough(),
        output: new PassThrough(),
        socketPath: join(open, 'bridge.sock'),
        dir: open,
        log: () => {},
      }),
    ).rejects.toThrow(/open to other users/);
  });

  // Another user's process: needs root to become someone else (CI runs as root on Debian).
  const asOther = process.getuid?.() === 0 && spawnSync('runuser', ['--help']).status === 0;
  it.skipIf(!asOther)("refuses another user's process at the socket (runuser -u nobody)", async () => {
    const r = await rig(() => found([memory]));
    // The temp parent is 0700 too; open it so only the socket directory's own mode is tested.
    chmodSync(join(r.dir, '..'), 0o755);
    const script = `const s=require('net').connect(${JSON.stringify(r.path)});s.on('connect',()=>{console.log('CONNECTED');process.exit(0)});s.on('error',e=>{console.log(e.code);process.exit(0)})`;
    const out = execFileSync('runuser', ['-u', 'nobody', '--', process.execPath, '-e', script], {
      encoding: 'utf8',
      cwd: '/',
    });
    expect(out.trim()).toBe('EACCES');
    // The same program as this user connects: the refusal is the directory's, not a broken socket.
    const mine = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(mine.trim()).toBe('CONNECTED');
  });
});
