/**
 * The background's end of the desktop bridge: the native port to the host, opened while
 * Desktop tools are on and the nativeMessaging permission is granted, closed as soon as they
 * are switched off (the host then exits and removes its socket, so a desktop tool's next call
 * fails at once with the clear error). Each call the host passes on goes through the router as
 * the `native` sender kind, zod-checked like any other message. An open port keeps the service
 * worker alive; that cost is measured in docs/benchmarks.md (bench:bridge).
 */
import { browser } from '#imports';
import { HOST_NAME, MAX_FRAME_BYTES } from '../../lib/bridge/limits';
import { HostToExtensionSchema, type ToolReply } from '../../lib/bridge/schemas';
import type { BridgeState } from '../../lib/bridge/status';
import { loadSettings } from '../../lib/db/settings-store';
import type { Reply } from '../../lib/protocol/define';
import { NATIVE_SENDER, type SenderInfo } from './router';

type Route = (message: unknown, sender: SenderInfo | typeof NATIVE_SENDER) => Promise<Reply<unknown>>;

interface NativePort {
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(fn: (message: unknown) => void): void };
  onDisconnect: { addListener(fn: (port: { error?: { message?: string } }) => void): void };
}

let route: Route | null = null;
let port: NativePort | null = null;
let state: BridgeState = 'off';
let error: string | null = null;

/** Chrome and Firefox word "no manifest for this host" differently. */
const NOT_FOUND = /not found|no such native application|manifest/i;

export function bridgeState(): { state: BridgeState; error: string | null } {
  return { state, error };
}

export function wireBridge(r: Route): void {
  route = r;
  // The permission prompt answers after the switch was saved: connect once it is granted.
  browser.permissions.onAdded.addListener(() => void syncBridge().catch(() => {}));
  browser.permissions.onRemoved.addListener(() => void syncBridge().catch(() => {}));
  void syncBridge().catch(() => {});
}

async function nativePermission(): Promise<boolean> {
  return browser.permissions.contains({ permissions: ['nativeMessaging'] }).catch(() => false);
}

/** Opens or closes the port to match the switch and the permission. */
export async function syncBridge(): Promise<void> {
  const { enabled } = (await loadSettings()).desktopTools;
  if (!enabled) close('off');
  else if (!(await nativePermission())) close('no-permission');
  else if (!port) open();
}

function close(next: BridgeState): void {
  const p = port;
  port = null;
  state = next;
  error = null;
  p?.disconnect();
}

function open(): void {
  const runtime = browser.runtime as unknown as { connectNative?: (name: string) => NativePort };
  if (!runtime.connectNative) {
    close('no-permission');
    return;
  }
  const p = runtime.connectNative(HOST_NAME);
  port = p;
  state = 'connecting';
  error = null;
  p.onDisconnect.addListener((gone) => {
    if (port !== p) return;
    port = null;
    const why =
      gone.error?.message ?? (browser.runtime as { lastError?: { message?: string } }).lastError?.message ?? '';
    state = NOT_FOUND.test(why) ? 'not-installed' : 'failed';
    error = why || error;
  });
  p.onMessage.addListener((message) => void onHostMessage(p, message));
}

async function onHostMessage(p: NativePort, message: unknown): Promise<void> {
  const msg = HostToExtensionSchema.safeParse(message);
  if (!msg.success || port !== p) return;
  if (msg.data.kind === 'ready') {
    state = msg.data.error ? 'failed' : 'connected';
    error = msg.data.error ?? null;
    return;
  }
  const { id, client, tool, args } = msg.data;
  const payload = args !== null && typeof args === 'object' ? { ...args, client } : { client };
  const reply = route ? await route({ type: `tool.${tool}`, payload }, NATIVE_SENDER) : null;
  if (port === p) p.postMessage({ kind: 'reply', id, reply: toToolReply(reply) });
}

function toToolReply(reply: Reply<unknown> | null): ToolReply {
  if (!reply) return { ok: false, error: { code: 'failed', message: 'claude-mem is starting: try again.' } };
  if (!reply.ok) return { ok: false, error: { code: reply.error.code, message: reply.error.message.slice(0, 2000) } };
  const size = new TextEncoder().encode(JSON.stringify(reply.data)).length;
  // The browser refuses a message over 1 MB; a reply that big is refused here, with a reason.
  if (size > MAX_FRAME_BYTES - 1024)
    return { ok: false, error: { code: 'failed', message: 'the answer is too large' } };
  return { ok: true, data: reply.data as never };
}
