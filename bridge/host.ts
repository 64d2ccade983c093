/**
 * The native messaging host role: the browser starts it when the extension connects, and it
 * lives as long as that port. It listens on the per-user socket for the MCP role's calls,
 * passes each on to the extension over the browser's pipe, and each reply back. Every frame is
 * size-bounded and zod-checked in both directions; a client over its call bound, or a call the
 * browser does not answer in time, gets a clear error at once.
 */
import { rmSync, statSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import type { Readable, Writable } from 'node:stream';
import { CallBudget } from '../lib/bridge/budget';
import { REFUSED, TIMED_OUT, TOO_MANY_CALLS } from '../lib/bridge/errors';
import {
  CALL_TIMEOUT_MS,
  CALLS_PER_MINUTE,
  CALLS_PER_MINUTE_ALL,
  MAX_CLIENTS,
  MAX_FRAME_BYTES,
  MAX_IN_FLIGHT,
  MAX_REQUEST_BYTES,
} from '../lib/bridge/limits';
import { ExtensionToHostSchema, SocketCallSchema, type ToolReply } from '../lib/bridge/schemas';
import { encodeFrame, FrameDecoder } from './frames';
import { ensureDir } from './socket-dir';

export const BRIDGE_VERSION = '1';

export interface HostOptions {
  /** The browser's pipe: stdin and stdout when started by the browser. */
  input: Readable;
  output: Writable;
  socketPath: string;
  /** The directory to create 0700 and check; null for a Windows named pipe. */
  dir: string | null;
  log: (line: string) => void;
  now?: () => number;
  timeoutMs?: number;
}

interface Pending {
  socket: Socket;
  callId: number;
  timer: NodeJS.Timeout;
}

const fail = (code: string, message: string): ToolReply => ({ ok: false, error: { code, message } });

export function startHost(opts: HostOptions): Promise<{ close(): Promise<void> }> {
  const now = opts.now ?? Date.now;
  const budget = new CallBudget(CALLS_PER_MINUTE, CALLS_PER_MINUTE_ALL);
  const pending = new Map<number, Pending>();
  const inFlight = new Map<Socket, number>();
  const clients = new Set<Socket>();
  let nextId = 1;
  let socketIno: number | null = null;

  const toBrowser = (message: unknown): void => {
    opts.output.write(encodeFrame(message, MAX_FRAME_BYTES));
  };
  const reply = (socket: Socket, id: number, r: ToolReply): void => {
    if (socket.destroyed) return;
    try {
      socket.write(encodeFrame({ id, reply: r }, MAX_FRAME_BYTES));
    } catch (error) {
      socket.write(encodeFrame({ id, reply: fail('too_large', String(error)) }, MAX_FRAME_BYTES));
    }
  };
  const settle = (hostId: number): Pending | undefined => {
    const p = pending.get(hostId);
    if (!p) return undefined;
    pending.delete(hostId);
    clearTimeout(p.timer);
    inFlight.set(p.socket, Math.max(0, (inFlight.get(p.socket) ?? 1) - 1));
    return p;
  };

  /** Why a call is refused before it reaches the browser, or null to pass it on. */
  const refusal = (socket: Socket, client: string): ToolReply | null => {
    if (!budget.take(client, now())) {
      return fail('rate_limited', TOO_MANY_CALLS.replace('{n}', String(CALLS_PER_MINUTE)));
    }
    if ((inFlight.get(socket) ?? 0) >= MAX_IN_FLIGHT) {
      return fail('rate_limited', REFUSED.replace('{why}', 'too many calls at once'));
    }
    return null;
  };

  const onCall = (socket: Socket, value: unknown): void => {
    const call = SocketCallSchema.safeParse(value);
    const rawId = (value as { id?: unknown } | null)?.id;
    const id = typeof rawId === 'number' && Number.isSafeInteger(rawId) && rawId >= 0 ? rawId : 0;
    const refused = call.success
      ? refusal(socket, call.data.client)
      : fail('bad_request', REFUSED.replace('{why}', 'malformed call'));
    if (refused || !call.success) {
      reply(socket, id, refused ?? fail('bad_request', 'malformed call'));
      return;
    }
    const hostId = nextId++;
    const timer = setTimeout(() => {
      const p = settle(hostId);
      if (p) reply(p.socket, p.callId, fail('timeout', TIMED_OUT));
    }, opts.timeoutMs ?? CALL_TIMEOUT_MS);
    pending.set(hostId, { socket, callId: call.data.id, timer });
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    const { client, tool, args } = call.data;
    toBrowser({ kind: 'call', id: hostId, client, tool, args });
  };

  const serveClient = (socket: Socket): void => {
    if (clients.size >= MAX_CLIENTS) {
      socket.destroy();
      return;
    }
    clients.add(socket);
    const decoder = new FrameDecoder(MAX_REQUEST_BYTES);
    socket.on('data', (chunk: Buffer) => {
      try {
        for (const frame of decoder.push(chunk)) {
          if (frame.ok) onCall(socket, frame.value);
          else reply(socket, 0, fail('bad_request', REFUSED.replace('{why}', frame.error)));
        }
      } catch (error) {
        // Over the bound: the stream cannot be trusted after it.
        opts.log(`client refused: ${String(error)}`);
        socket.destroy();
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      clients.delete(socket);
      inFlight.delete(socket);
      for (const [hostId, p] of pending) if (p.socket === socket) settle(hostId);
    });
  };

  const server = createServer({ allowHalfOpen: false }, (socket) => serveClient(socket));
  const closeAll = async (): Promise<void> => {
    for (const hostId of [...pending.keys()]) settle(hostId);
    // The browser is gone: connected clients learn it now (their calls fail at once), and the
    // server can close, which waits for every connection to end.
    for (const socket of clients) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // Another host may have taken the path over since: remove the socket only if it is ours.
    if (opts.dir && socketIno !== null && inoOf(opts.socketPath) === socketIno)
      rmSync(opts.socketPath, { force: true });
  };

  const browserIn = new FrameDecoder(MAX_FRAME_BYTES);
  opts.input.on('data', (chunk: Buffer) => {
    try {
      for (const frame of browserIn.push(chunk)) {
        const msg = frame.ok ? ExtensionToHostSchema.safeParse(frame.value) : null;
        if (!msg?.success) {
          opts.log('refused a malformed message from the browser');
          continue;
        }
        const p = settle(msg.data.id);
        if (p) reply(p.socket, p.callId, msg.data.reply);
      }
    } catch (error) {
      opts.log(`browser pipe refused: ${String(error)}`);
      opts.input.destroy();
    }
  });

  return new Promise((resolve, reject) => {
    try {
      if (opts.dir) ensureDir(opts.dir);
    } catch (error) {
      toBrowser({ kind: 'ready', version: BRIDGE_VERSION, error: String(error).slice(0, 500) });
      reject(error);
      return;
    }
    // The newest browser to connect serves: a socket left by a host that died, or held by an
    // older one, is replaced (the older host keeps its clients until they reconnect).
    if (opts.dir) rmSync(opts.socketPath, { force: true });
    const oldMask = process.umask(0o077);
    server.once('error', (error) => {
      process.umask(oldMask);
      toBrowser({ kind: 'ready', version: BRIDGE_VERSION, error: String(error).slice(0, 500) });
      reject(error);
    });
    // Never readableAll/writableAll: on Windows those add Everyone to the pipe's DACL. libuv
    // creates the pipe's first instance with FILE_FLAG_FIRST_PIPE_INSTANCE, so a pipe of this
    // name that another process made first fails here (EADDRINUSE) rather than being shared.
    // Node offers no way to pass the pipe an owner-only security descriptor (docs/bridge.md).
    server.listen({ path: opts.socketPath, readableAll: false, writableAll: false }, () => {
      process.umask(oldMask);
      socketIno = opts.dir ? inoOf(opts.socketPath) : null;
      toBrowser({ kind: 'ready', version: BRIDGE_VERSION });
      resolve({ close: closeAll });
    });
  });
}

function inoOf(path: string): number | null {
  try {
    return statSync(path).ino;
  } catch {
    return null;
  }
}
