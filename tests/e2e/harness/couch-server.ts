/**
 * A CouchDB-compatible server on loopback that a test starts itself, in process: express-pouchdb
 * over PouchDB's memory adapter (TOOLCHAIN.md: Apache CouchDB cannot be installed here). It adds
 * what a browser extension needs from a real CouchDB (CORS with credentials, an optional login),
 * and what a test needs: everything it holds and everything it was sent as searchable text,
 * a stop and restart that keep the data (and a kill at a chosen request, mid-sync), and a
 * hostile side (./couch-hostile.ts).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import expressPouchDB from 'express-pouchdb';
import { dumpText, type StoredRevision, storedRevisions } from './couch-dump';
import { CouchHostile } from './couch-hostile';
import { applyCors, CouchLogin, type Credentials } from './couch-http';
import { NodePouch, type PouchStatic } from './node-pouch';

export type { StoredRevision } from './couch-dump';
export type { Credentials } from './couch-http';

export interface RequestRecord {
  method: string;
  /** Path and query, as sent. */
  url: string;
  /** The path's first segment: the database, or a server endpoint such as `_session`. */
  db: string;
  /** The Host header: which spelling of the address (127.0.0.1 or localhost) a device uses. */
  host: string;
  body: string;
  /** Undefined until answered; 0 when the connection was cut instead. */
  status?: number;
}

export interface CouchServerOptions {
  /** CouchDB's own login: every request then needs basic auth or a `_session` cookie. */
  credentials?: Credentials;
  /** A fixed port; by default a free one the system picks. */
  port?: number;
}

/** Which request a kill waits for, and whether the server handles it first. */
export interface KillPoint {
  match: (req: RequestRecord) => boolean;
  /** `before`: cut before handling; `after`: handle it (writes stored) but never answer. */
  phase: 'before' | 'after';
}

function firstSegment(url: string): string {
  return decodeURIComponent(url.split('?')[0]?.split('/')[1] ?? '');
}

export class CouchServer {
  readonly port: number;
  readonly url: string;
  /** Every request received, in order (bodies as text). */
  readonly requests: RequestRecord[] = [];
  readonly hostile: CouchHostile;
  /** Opens the server's own copy of a database, bypassing HTTP (and the login). */
  readonly pouch: PouchStatic;
  private readonly server: Server;
  private readonly login?: CouchLogin;
  private readonly localIds = new Map<string, Set<string>>();
  /** Its databases: express-pouchdb's `_all_dbs` lists every database of the process. */
  private readonly names = new Set<string>();
  private readonly kills: { point: KillPoint; done: () => void }[] = [];
  private readonly breakers: ((req: RequestRecord) => boolean)[] = [];
  private readonly holds: { match: (req: RequestRecord) => boolean; arrived: () => void; released: Promise<void> }[] =
    [];
  private running = false;

  private constructor(server: Server, port: number, pouch: PouchStatic, login?: CouchLogin) {
    this.server = server;
    this.port = port;
    this.url = `http://127.0.0.1:${port}`;
    this.pouch = pouch;
    this.login = login;
    this.running = true;
    this.hostile = new CouchHostile((name) => {
      this.names.add(name);
      return new pouch(name);
    });
  }

  static async start(opts: CouchServerOptions = {}): Promise<CouchServer> {
    // The memory adapter shares a store between every database of one name in the process:
    // a prefix of its own keeps this server's data apart from other servers and clients.
    const pouch = NodePouch.defaults({ adapter: 'memory', prefix: `couch-${randomBytes(6).toString('hex')}-` });
    const app = expressPouchDB(pouch, {
      mode: 'minimumForPouchDB',
      inMemoryConfig: true,
      // Responses stay plain, so a test reads (and the hostile side cuts) what was sent.
      overrideMode: { exclude: ['compression'] },
    });
    const login = opts.credentials ? new CouchLogin(opts.credentials) : undefined;
    let self: CouchServer | undefined;
    const server = createServer((req, res) => {
      void self?.handle(req, res, app);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
    });
    self = new CouchServer(server, (server.address() as AddressInfo).port, pouch, login);
    return self;
  }

  /** The address of one database, with the login in it when `withLogin` is set. */
  dbUrl(name: string, withLogin?: Credentials): string {
    const auth = withLogin ? `${encodeURIComponent(withLogin.user)}:${encodeURIComponent(withLogin.password)}@` : '';
    return `http://${auth}127.0.0.1:${this.port}/${encodeURIComponent(name)}`;
  }

  get isRunning(): boolean {
    return this.running;
  }

  private async handle(
    req: IncomingMessage,
    res: ServerResponse,
    app: (q: IncomingMessage, s: ServerResponse) => void,
  ) {
    const record: RequestRecord = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      db: firstSegment(req.url ?? '/'),
      host: req.headers.host ?? '',
      body: '',
    };
    this.requests.push(record);
    // Taps the body as express reads it, without reading it first (it would then be gone).
    const chunks: Buffer[] = [];
    const emit = req.emit.bind(req);
    req.emit = ((event: string, ...args: unknown[]) => {
      if (event === 'data') chunks.push(Buffer.from(args[0] as Buffer));
      if (event === 'end') record.body = Buffer.concat(chunks).toString('utf8');
      return emit(event, ...args);
    }) as typeof req.emit;
    res.on('finish', () => {
      record.status = res.statusCode;
      this.noteDatabase(record);
    });
    res.on('close', () => {
      record.status ??= 0;
    });

    const hold = this.holds.find((h) => h.match(record));
    if (hold) {
      hold.arrived();
      await hold.released;
    }

    const kill = this.kills.find((k) => k.point.match(record));
    if (kill) {
      this.kills.splice(this.kills.indexOf(kill), 1);
      if (kill.point.phase === 'before') {
        await this.stop();
        kill.done();
        return;
      }
      this.cutAnswer(res, kill.done);
    }

    if (applyCors(req, res)) return;
    if (this.login && (await this.login.handle(req, res, () => readBody(req)))) return;
    if (this.breakers.some((b) => b(record))) this.cutBody(res);
    this.noteLocal(record);
    app(req, res);
  }

  /** The request is handled in full; instead of the answer, the server goes down. */
  private cutAnswer(res: ServerResponse, done: () => void): void {
    res.writeHead = (() => res) as typeof res.writeHead;
    res.write = (() => true) as typeof res.write;
    res.end = (() => {
      void this.stop().then(done);
      return res;
    }) as typeof res.end;
  }

  /** Sends the first half of the real answer, with no length: a malformed JSON body. */
  private cutBody(res: ServerResponse): void {
    const parts: Buffer[] = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
        parts.push(Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    };
    res.write = ((chunk: unknown, encoding?: unknown) => {
      keep(chunk, encoding);
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown, encoding?: unknown) => {
      keep(chunk, encoding);
      const whole = Buffer.concat(parts);
      if (!res.headersSent) res.removeHeader('Content-Length');
      write(whole.subarray(0, Math.max(1, Math.floor(whole.length / 2))));
      return end();
    }) as typeof res.end;
  }

  private noteDatabase(record: RequestRecord): void {
    if (!record.db || record.db.startsWith('_') || record.status === undefined) return;
    const whole = /^\/[^/?]+\/?(\?|$)/.test(record.url);
    if (whole && record.method === 'DELETE' && record.status < 300) this.names.delete(record.db);
    else if (record.status < 300) this.names.add(record.db);
  }

  /** `_local` documents cannot be listed through PouchDB: remember their ids as they arrive. */
  private noteLocal(record: RequestRecord): void {
    const m = /^\/([^/?]+)\/_local\/([^?]+)/.exec(record.url);
    if (!m?.[1] || !m[2]) return;
    const db = decodeURIComponent(m[1]);
    const ids = this.localIds.get(db) ?? new Set<string>();
    ids.add(`_local/${decodeURIComponent(m[2])}`);
    this.localIds.set(db, ids);
  }

  /**
   * Goes down at the first request that matches (mid-sync), as a killed CouchDB does: open
   * connections are cut. Resolves once it is down; `restart()` brings it back with its data.
   */
  killOn(point: KillPoint): Promise<void> {
    return new Promise((resolve) => this.kills.push({ point, done: resolve }));
  }

  /**
   * Keeps matching requests waiting, unanswered, until `release()`: a slow server, so a test can
   * act (cancel) while a round is surely in that step. `arrived` resolves at the first match.
   */
  holdOn(match: (req: RequestRecord) => boolean): { arrived: Promise<void>; release: () => void } {
    let arrived!: () => void;
    let release!: () => void;
    const entry = {
      match,
      arrived: () => arrived(),
      released: new Promise<void>((resolve) => {
        release = resolve;
      }),
    };
    const first = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    this.holds.push(entry);
    return {
      arrived: first,
      release: () => {
        this.holds.splice(this.holds.indexOf(entry), 1);
        release();
      },
    };
  }

  /** Answers matching requests with half their real body (malformed JSON) until undone. */
  breakResponses(match: (req: RequestRecord) => boolean): () => void {
    this.breakers.push(match);
    return () => {
      this.breakers.splice(this.breakers.indexOf(match), 1);
    };
  }

  /** Stops listening and cuts every open connection; the data stays. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  /** Listens again on the same port, with everything it held. */
  async restart(): Promise<void> {
    if (this.running) return;
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    this.running = true;
  }

  /** The names of the databases it holds. */
  databases(): string[] {
    return [...this.names].sort();
  }

  /** Every stored revision of every document of every database, `_local` ones included. */
  async snapshot(): Promise<StoredRevision[]> {
    const out: StoredRevision[] = [];
    for (const name of this.databases())
      out.push(...(await storedRevisions(name, new this.pouch(name), this.localIds.get(name) ?? [])));
    return out;
  }

  /** `snapshot()` as text: database names, ids, revisions, bodies and attachments. */
  async dump(): Promise<string> {
    const names = this.databases();
    return `databases\t${names.join('\t')}\n${dumpText(await this.snapshot())}`;
  }

  /** Everything the server was sent: each request's method, path and body, as text. */
  traffic(): string {
    return this.requests.map((r) => `${r.method} ${decodeURIComponent(r.url)}\n${r.body}`).join('\n');
  }

  /** Stops the server and drops its databases. */
  async close(): Promise<void> {
    await this.stop();
    for (const name of this.databases()) await new this.pouch(name).destroy();
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function startCouchServer(opts?: CouchServerOptions): Promise<CouchServer> {
  return CouchServer.start(opts);
}
