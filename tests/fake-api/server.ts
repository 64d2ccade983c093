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

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-expose-headers': '*',
  'access-control-max-age': '600',
};

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

export class FakeAnthropicApi {
  readonly requests: ReceivedRequest[] = [];
  /** Requests whose reply has been written (or whose connection was hung up), in that order. */
  readonly answered: ReceivedRequest[] = [];
  private readonly queue: ScriptedReply[] = [];
  private fallback: Responder = () => ({ body: textMessage('ok') });
  private server: Server | null = null;
  url = '';

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
    this.queue.length = 0;
    this.fallback = () => ({ body: textMessage('ok') });
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

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS).end();
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
    if (reply.hangUp) {
      req.socket.destroy();
      this.answered.push(received);
      return;
    }
    if (!req.headers['x-api-key'] && !req.headers.authorization) {
      res.writeHead(401, { ...CORS, 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          type: 'error',
          error: { type: 'authentication_error', message: 'x-api-key header is required' },
        }),
      );
      this.answered.push(received);
      return;
    }
    const payload = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
    res.writeHead(reply.status ?? 200, {
      ...CORS,
      'content-type': 'application/json',
      'request-id': `req_fake_${this.requests.length}`,
      ...reply.headers,
    });
    res.end(payload);
    this.answered.push(received);
  }
}
