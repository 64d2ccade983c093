/**
 * The MCP role's side of the socket: one connection to the host, opened on the first call and
 * again after it drops. Nothing waits for a browser that is not there: no socket (browser
 * closed, Desktop tools off) is an immediate clear error, and a call the host does not answer
 * in time gets one too.
 */
import { createConnection, type Socket } from 'node:net';
import { dirname } from 'node:path';
import { NOT_CONNECTED, REFUSED, TIMED_OUT } from '../lib/bridge/errors';
import { CALL_TIMEOUT_MS, CONNECT_TIMEOUT_MS, MAX_FRAME_BYTES, MAX_REQUEST_BYTES } from '../lib/bridge/limits';
import { SocketReplySchema, type ToolName, type ToolReply } from '../lib/bridge/schemas';
import { encodeFrame, FrameDecoder } from './frames';
import { checkDir } from './socket-dir';

const fail = (code: string, message: string): ToolReply => ({ ok: false, error: { code, message } });

export class HostClient {
  private socket: Socket | null = null;
  private connecting: Promise<Socket | null> | null = null;
  private readonly waiting = new Map<number, (r: ToolReply) => void>();
  private nextId = 1;

  constructor(
    private readonly path: string,
    /** Checked before every connect; null for a Windows named pipe. */
    private readonly checkedDir: string | null = dirname(path),
    private readonly timeoutMs = CALL_TIMEOUT_MS,
  ) {}

  async call(client: string, tool: ToolName, args: Record<string, unknown>): Promise<ToolReply> {
    const socket = await this.connect();
    if (!socket) return fail('not_connected', NOT_CONNECTED);
    const id = this.nextId++;
    let frame: Buffer;
    try {
      frame = encodeFrame({ id, client, tool, args }, MAX_REQUEST_BYTES);
    } catch {
      return fail('too_large', REFUSED.replace('{why}', 'the request is too large'));
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(fail('timeout', TIMED_OUT));
      }, this.timeoutMs);
      this.waiting.set(id, (r) => {
        clearTimeout(timer);
        resolve(r);
      });
      socket.write(frame);
    });
  }

  close(): void {
    this.socket?.destroy();
  }

  private connect(): Promise<Socket | null> {
    if (this.socket && !this.socket.destroyed) return Promise.resolve(this.socket);
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private open(): Promise<Socket | null> {
    try {
      if (this.checkedDir) checkDir(this.checkedDir);
    } catch {
      // Missing (no host ever ran) or unsafe (not ours): either way, not our browser.
      return Promise.resolve(null);
    }
    return new Promise((resolve) => {
      const socket = createConnection(this.path);
      const timer = setTimeout(() => socket.destroy(), CONNECT_TIMEOUT_MS);
      socket.once('connect', () => {
        clearTimeout(timer);
        this.adopt(socket);
        resolve(socket);
      });
      socket.once('close', () => {
        clearTimeout(timer);
        resolve(null);
      });
      socket.on('error', () => {});
    });
  }

  private adopt(socket: Socket): void {
    this.socket = socket;
    const decoder = new FrameDecoder(MAX_FRAME_BYTES);
    socket.on('data', (chunk: Buffer) => {
      try {
        for (const frame of decoder.push(chunk)) {
          const msg = frame.ok ? SocketReplySchema.safeParse(frame.value) : null;
          if (msg?.success) this.settle(msg.data.id, msg.data.reply);
        }
      } catch {
        socket.destroy();
      }
    });
    socket.on('close', () => {
      if (this.socket === socket) this.socket = null;
      // The browser went away mid-call: say so now rather than at the timeout.
      for (const id of [...this.waiting.keys()]) this.settle(id, fail('not_connected', NOT_CONNECTED));
    });
  }

  private settle(id: number, reply: ToolReply): void {
    const done = this.waiting.get(id);
    if (!done) return;
    this.waiting.delete(id);
    done(reply);
  }
}
