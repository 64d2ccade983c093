/**
 * A local stand-in for the Anthropic Messages API: the real @anthropic-ai/sdk talks to it over
 * HTTP. Tests script its answers (status, body, headers, delay) and read back every request it
 * received, headers and body, e.g. to check redaction or that the key never leaks elsewhere.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedReply {
  status?: number;
  /** JSON body; a string is sent as-is (for malformed answers). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering (timeouts, stopped workers). */
  delayMs?: number;
  /** Answer only once this settles: a reply held until the test says, not for a guessed time. */
  heldUntil?: Promise<unknown>;
  /** Close the socket without answering (network error). */
  hangUp?: boolean;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
  rawBody: string;
}

/** The key a request carried: SDK 1.x sends `authorization: Bearer`, older ones `x-api-key`. */
export function apiKeyOf(req: ReceivedRequest): string | null {
  const bearer = req.headers.authorization?.replace(/^Bearer\s+/i, '');
  const header = req.headers['x-api-key'];
  return bearer || (typeof header === 'string' ? header : null);
}

export type Responder = (req: ReceivedRequest) => ScriptedReply;

/**
 * Which auth the fake accepts; any other style is refused with 401, like a server that does
 * not know it. `any` (the default) takes either header, as the tests of other features need.
 */
export type FakeAuth = 'any' | 'x-api-key' | 'bearer' | 'none';

/**
 * How it answers CORS:
 * - `*`: `access-control-allow-origin: *` (the hosted APIs' answer to the SDK's browser mode);
 * - `reflect`: echoes any Origin, as llama.cpp's llama-server does;
 * - a list: echoes only those origins and refuses any other Origin with 403, as Ollama does
 *   (its defaults are localhost/127.0.0.1/0.0.0.0 pages; OLLAMA_ORIGINS adds more).
 */
export type FakeCors = '*' | 'reflect' | readonly string[];

export interface FakeApiOptions {
  auth?: FakeAuth;
  /** The key the x-api-key or Bearer header must carry; any non-empty one when unset. */
  key?: string;
  cors?: FakeCors;
}

const CORS_BASE = {
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-expose-headers': '*',
  'access-control-max-age': '600',
};

/** Why the request's auth is refused under `auth`, or null when it is accepted. */
function authRefusal(headers: IncomingMessage['headers'], auth: FakeAuth, key?: string): string | null {
  const xKey = typeof headers['x-api-key'] === 'string' ? headers['x-api-key'] : null;
  const bearer = headers.authorization?.replace(/^Bearer\s+/i, '') ?? null;
  const matches = (k: string | null) => k !== null && k !== '' && (key === undefined || k === key);
  switch (auth) {
    case 'any':
      return matches(xKey) || matches(bearer) ? null : 'x-api-key header is required';
    case 'x-api-key':
      if (bearer !== null) return 'this server takes the key in x-api-key, not Authorization';
      return matches(xKey) ? null : 'x-api-key header is required';
    case 'bearer':
      if (xKey !== null) return 'this server takes the key as Authorization: Bearer, not x-api-key';
      return matches(bearer) ? null : 'Authorization: Bearer is required';
    case 'none':
      return xKey !== null || bearer !== null ? 'this server takes no key, but one was sent' : null;
  }
}

/** The numbered notes of a keywords request ("1. …" lines of its user message), in order. */
export function keywordNotesOf(req: ReceivedRequest): string[] {
  const body = req.body as { messages: { content: string }[] };
  return [...(body.messages[0]?.content ?? '').matchAll(/^\d+\. (.*)$/gm)].map((m) => m[1] as string);
}

/** A well-formed Messages API answer that calls one tool with `input`. */
export function toolUseMessage(name: string, input: unknown, usage = { input_tokens: 1200, output_tokens: 180 }) {
  return {
    id: `msg_fake_${Math.random().toString(36).slice(2, 10)}`,
    type: 'message',
    role: 'assistant',
    model: 'claude-haiku-4-5',
    content: [{ type: 'tool_use', id: `toolu_fake_${Math.random().toString(36).slice(2, 10)}`, name, input }],
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage,
  };
}

export function textMessage(text: string, usage = { input_tokens: 10, output_tokens: 5 }) {
  return {
    id: `msg_fake_${Math.random().toString(36).slice(2, 10)}`,
    type: 'message',
    role: 'assistant',
    model: 'claude-haiku-4-5',
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage,
  };
}

export function apiError(
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
): ScriptedReply {
  return { status, headers, body: { type: 'error', error: { type, message } } };
}

/**
 * What an Anthropic-compatible server answers when nothing is scripted: a forced tool gets its
 * call (as Test connection asks for), anything else a short text.
 */
export function defaultReply(req: ReceivedRequest): ScriptedReply {
  const choice = (req.body as { tool_choice?: { type?: string; name?: string } } | null)?.tool_choice;
  if (choice?.type === 'tool' && choice.name) {
    return { body: toolUseMessage(choice.name, { ok: true }, { input_tokens: 20, output_tokens: 10 }) };
  }
  return { body: textMessage('ok') };
}

/** A reply to hold back (`heldUntil: gate.until`) until the test calls `gate.open()`. */
export function gate(): { until: Promise<void>; open: () => void } {
  let open = () => {};
  const until = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { until, open };
}

export class FakeAnthropicApi {
  readonly requests: ReceivedRequest[] = [];
  /** Requests whose reply has been written (or whose connection was hung up), in that order. */
  readonly answered: ReceivedRequest[] = [];
  /** Requests refused before reaching the script: wrong auth (401) or a foreign Origin (403). */
  readonly refused: { status: number; path: string; reason: string; headers: IncomingMessage['headers'] }[] = [];
  private readonly queue: ScriptedReply[] = [];
  private fallback: Responder = defaultReply;
  private server: Server | null = null;
  private readonly auth: FakeAuth;
  private readonly key: string | undefined;
  private readonly cors: FakeCors;
  url = '';

  constructor(options: FakeApiOptions = {}) {
    this.auth = options.auth ?? 'any';
    this.key = options.key;
    this.cors = options.cors ?? '*';
  }

  /** Answers the next requests in order with these replies; then the fallback answers. */
  enqueue(...replies: ScriptedReply[]): this {
    this.queue.push(...replies);
    return this;
  }

  respondWith(responder: Responder): this {
    this.fallback = responder;
    return this;
  }

  reset(): void {
    this.requests.length = 0;
    this.answered.length = 0;
    this.refused.length = 0;
    this.queue.length = 0;
    this.fallback = defaultReply;
  }

  messageRequests(): ReceivedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v1/messages'));
  }

  async start(port = 0): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    const { port: bound } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${bound}`;
    return this.url;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  /** The CORS headers for this request's Origin, or null when the Origin is refused. */
  private corsFor(origin: string | undefined): Record<string, string> | null {
    if (this.cors === '*') return { ...CORS_BASE, 'access-control-allow-origin': '*' };
    if (!origin) return { ...CORS_BASE };
    if (this.cors === 'reflect' || this.cors.includes(origin)) {
      return { ...CORS_BASE, 'access-control-allow-origin': origin, vary: 'Origin' };
    }
    return null;
  }

  private refuse(res: ServerResponse, req: IncomingMessage, status: number, reason: string, cors: object): void {
    this.refused.push({ status, path: req.url ?? '', reason, headers: req.headers });
    const type = status === 403 ? 'permission_error' : 'authentication_error';
    res.writeHead(status, { ...cors, 'content-type': 'application/json' });
    res.end(JSON.stringify({ type: 'error', error: { type, message: reason } }));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
    const cors = this.corsFor(origin);
    if (cors === null) {
      // Ollama answers a foreign Origin with a bare 403, preflight or not.
      req.resume();
      this.refuse(res, req, 403, `origin ${origin} is not allowed`, {});
      return;
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    let body: unknown = null;
    try {
      body = rawBody ? JSON.parse(rawBody) : null;
    } catch {
      body = rawBody;
    }
    const received: ReceivedRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body,
      rawBody,
    };
    this.requests.push(received);
    const reply = this.queue.shift() ?? this.fallback(received);
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (reply.heldUntil) await reply.heldUntil;
    if (reply.hangUp) {
      req.socket.destroy();
      this.answered.push(received);
      return;
    }
    const refusal = authRefusal(req.headers, this.auth, this.key);
    if (refusal) {
      this.refuse(res, req, 401, refusal, cors);
      this.answered.push(received);
      return;
    }
    const payload = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
    res.writeHead(reply.status ?? 200, {
      ...cors,
      'content-type': 'application/json',
      'request-id': `req_fake_${this.requests.length}`,
      ...reply.headers,
    });
    res.end(payload);
    this.answered.push(received);
  }
}
