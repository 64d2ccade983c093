/**
 * A sync server answering with a redirect to another origin: no request follows it, so the
 * login and the sealed documents never reach that origin, and the round fails with its own
 * message. Two loopback servers: the sync address (every answer a 307 elsewhere) and the
 * other origin (recording whatever reaches it).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import memoryAdapter from 'pouchdb-adapter-memory/lib/index.es.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeError } from '../../../lib/sync/errors';
import { makePouch } from '../../../lib/sync/pouch';
import { Device, sharedKeys } from './devices';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
}

function listen(handler: (req: IncomingMessage, res: import('node:http').ServerResponse) => void): Promise<Server> {
  return new Promise((done) => {
    const server = createServer(handler);
    server.listen(0, '127.0.0.1', () => done(server));
  });
}

const origin = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

let elsewhere: Server;
let redirecting: Server;
const seen: Seen[] = [];

beforeAll(async () => {
  elsewhere = await listen((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"db_name":"elsewhere","update_seq":0,"doc_count":0}');
  });
  redirecting = await listen((req, res) => {
    req.resume();
    res.writeHead(307, { location: `${origin(elsewhere)}${req.url ?? '/'}` });
    res.end();
  });
});

afterAll(async () => {
  for (const s of [elsewhere, redirecting]) await new Promise((done) => s.close(done));
});

describe('a sync server that redirects', () => {
  const login = { username: 'mem-user', password: 'hunter2-long-enough' };

  it('gets no request followed to the other origin: not the login, not a document', async () => {
    const pouch = makePouch(memoryAdapter, 'memory');
    const remote = pouch.remote(`${origin(redirecting)}/memories`, login);
    const error = await remote.info().then(
      () => null,
      (e: unknown) => e,
    );
    expect(seen).toEqual([]);
    expect(describeError(error).code).toBe('redirected');

    const { keys } = await sharedKeys();
    const device = new Device('redirected', keys, remote);
    await device.add({ content: 'Keeps bees on the roof', type: 'fact' });
    const round = await device.round().then(
      () => null,
      (e: unknown) => e,
    );
    expect(describeError(round).code).toBe('redirected');
    expect(seen).toEqual([]);
  });
});
