/**
 * What the loopback CouchDB answers before express-pouchdb sees a request: CORS as CouchDB's
 * `[cors]` section does it for an extension origin (credentials on, so the Origin is echoed,
 * never `*`), and CouchDB's own login (basic auth, or the `AuthSession` cookie `_session` sets).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Extension pages and workers of either browser, and loopback pages. */
const ALLOWED_ORIGIN = /^(chrome-extension|moz-extension):\/\/[^/]+$|^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/;

/** What CouchDB 3 allows and exposes by default with `[cors] credentials = true`. */
const ALLOW_METHODS = 'GET, PUT, POST, HEAD, DELETE, COPY, OPTIONS';
const BASE_HEADERS = [
  'accept',
  'accept-language',
  'authorization',
  'content-type',
  'origin',
  'referer',
  'x-csrf-token',
];
const EXPOSE_HEADERS =
  'content-type, cache-control, accept-ranges, etag, server, x-couch-request-id, x-couch-update-newrev';

export interface Credentials {
  user: string;
  password: string;
}

/** Adds CORS headers; answers a preflight itself. True when the request is fully answered. */
export function applyCors(req: IncomingMessage, res: ServerResponse): boolean {
  const origin = req.headers.origin;
  if (origin && ALLOWED_ORIGIN.test(origin)) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    res.setHeader('Vary', 'Origin');
  }
  if (req.method !== 'OPTIONS' || !req.headers['access-control-request-method']) return false;
  if (origin && ALLOWED_ORIGIN.test(origin)) {
    const asked = String(req.headers['access-control-request-headers'] ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean);
    res.setHeader('Access-Control-Allow-Methods', ALLOW_METHODS);
    res.setHeader('Access-Control-Allow-Headers', [...new Set([...BASE_HEADERS, ...asked])].join(', '));
    res.setHeader('Access-Control-Max-Age', '600');
  }
  res.writeHead(204).end();
  return true;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(`${JSON.stringify(body)}\n`);
}

function basicUser(req: IncomingMessage): Credentials | undefined {
  const m = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (!m?.[1]) return undefined;
  const text = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = text.indexOf(':');
  return colon < 0 ? undefined : { user: text.slice(0, colon), password: text.slice(colon + 1) };
}

function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

/** The login of a server that needs one: basic auth on every request, or a `_session` cookie. */
export class CouchLogin {
  private readonly sessions = new Set<string>();
  constructor(private readonly creds: Credentials) {}

  private matches(c: Credentials | undefined): boolean {
    return c?.user === this.creds.user && c.password === this.creds.password;
  }

  private authenticated(req: IncomingMessage): boolean {
    const token = cookie(req, 'AuthSession');
    return this.matches(basicUser(req)) || (token !== undefined && this.sessions.has(token));
  }

  /**
   * Answers `/_session` and refuses anyone not logged in, as CouchDB with
   * `require_valid_user = true` does. True when the request is fully answered.
   */
  async handle(req: IncomingMessage, res: ServerResponse, body: () => Promise<string>): Promise<boolean> {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/_session') {
      if (req.method === 'POST') return this.logIn(req, res, await body());
      if (req.method === 'DELETE') {
        const token = cookie(req, 'AuthSession');
        if (token) this.sessions.delete(token);
        sendJson(res, 200, { ok: true }, { 'Set-Cookie': 'AuthSession=; Path=/; HttpOnly; Max-Age=0' });
        return true;
      }
      const name = this.authenticated(req) ? this.creds.user : null;
      sendJson(res, 200, {
        ok: true,
        userCtx: { name, roles: name ? ['_admin'] : [] },
        info: { authentication_handlers: ['cookie', 'default'] },
      });
      return true;
    }
    if (this.authenticated(req)) return false;
    sendJson(res, 401, { error: 'unauthorized', reason: 'Name or password is incorrect.' });
    return true;
  }

  private logIn(req: IncomingMessage, res: ServerResponse, raw: string): true {
    let given: Credentials | undefined;
    if (/json/i.test(req.headers['content-type'] ?? '')) {
      try {
        const parsed = JSON.parse(raw) as { name?: unknown; password?: unknown };
        given = { user: String(parsed.name), password: String(parsed.password) };
      } catch {
        given = undefined;
      }
    } else {
      const form = new URLSearchParams(raw);
      given = { user: form.get('name') ?? '', password: form.get('password') ?? '' };
    }
    if (!this.matches(given)) {
      sendJson(res, 401, { error: 'unauthorized', reason: 'Name or password is incorrect.' });
      return true;
    }
    const token = randomBytes(18).toString('base64url');
    this.sessions.add(token);
    sendJson(
      res,
      200,
      { ok: true, name: this.creds.user, roles: ['_admin'] },
      { 'Set-Cookie': `AuthSession=${token}; Version=1; Path=/; HttpOnly` },
    );
    return true;
  }
}
