/**
 * Routes one incoming message: checks the envelope, the sender and the request against the
 * protocol, runs the handler and wraps the outcome as a Reply. Never throws: a hostile or
 * broken message gets `{ ok: false, error }` and changes nothing. A chat page in a private
 * window gets only what lib/protocol/private-window.ts allows it, here, for every message.
 */

import { isQuotaError } from '../../lib/db/store-errors';
import {
  type ChatPageMessage,
  type ExtensionPageMessage,
  isMessageType,
  type MessageType,
  maySend,
  type NativeHostMessage,
  type ParsedRequestOf,
  PROTOCOL,
  type ResponseOf,
} from '../../lib/protocol';
import { EnvelopeSchema, MessageError, type Reply } from '../../lib/protocol/define';
import { IN_PRIVATE_WINDOW, notLearning, type PrivateRule } from '../../lib/protocol/private-window';
import { type SiteId, siteForUrl } from '../../lib/sites/ids';
import { formatFirstIssue } from '../../lib/zod-errors';

export interface ExtensionSender {
  kind: 'extension';
}
/** A chat page's tab. `private`: the tab is in a private (incognito) window. */
export interface ChatPageSender {
  kind: 'content';
  site: SiteId;
  tabId: number;
  url: string;
  private: boolean;
}
export interface NativeSender {
  kind: 'native';
}
export type SenderContext = ExtensionSender | ChatPageSender | NativeSender;

/**
 * The senders that may send `T`: those whose map lists it. The router refuses every other
 * sender before a handler runs, so a handler never checks the kind again.
 */
export type SenderOf<T extends MessageType> =
  | (T extends ChatPageMessage ? ChatPageSender : never)
  | (T extends ExtensionPageMessage ? ExtensionSender : never)
  | (T extends NativeHostMessage ? NativeSender : never);

export type Handler<T extends MessageType> = (req: ParsedRequestOf<T>, ctx: SenderOf<T>) => Promise<ResponseOf<T>>;

export type Handlers = { [T in MessageType]: Handler<T> };
export type HandlerGroup<T extends MessageType> = { [K in T]: Handler<K> };

/** The parts of `runtime.MessageSender` the router looks at. */
export interface SenderInfo {
  id?: string;
  url?: string;
  tab?: { id?: number; url?: string; incognito?: boolean };
}

/**
 * The desktop bridge's port. Only the background's own port listener passes it: the browser
 * builds every `runtime.onMessage` sender, so no page or extension page can claim it.
 */
export const NATIVE_SENDER: unique symbol = Symbol('native port');

export interface RouterOptions {
  extensionId: string;
  /** `chrome-extension://ID/` or `moz-extension://UUID/`. */
  extensionOrigin: string;
  /** Removes secrets (the API key) from any error text before it leaves the background. */
  scrub: (text: string) => string;
}

function classifySender(sender: SenderInfo | typeof NATIVE_SENDER, opts: RouterOptions): SenderContext | null {
  if (sender === NATIVE_SENDER) return { kind: 'native' };
  if (sender.id !== opts.extensionId) return null;
  if (sender.url?.startsWith(opts.extensionOrigin)) return { kind: 'extension' };
  const url = sender.url ?? sender.tab?.url;
  if (!sender.tab || typeof sender.tab.id !== 'number' || !url) return null;
  const site = siteForUrl(url);
  return site ? { kind: 'content', site, tabId: sender.tab.id, url, private: sender.tab.incognito === true } : null;
}

const STORAGE_FULL =
  'The browser refused to store more data for claude-mem (storage quota exceeded). Nothing from this action was saved. Free disk space, or delete old chats and memories, then try again.';

export function createRouter(handlers: Handlers, opts: RouterOptions) {
  return async function route(message: unknown, sender: SenderInfo | typeof NATIVE_SENDER): Promise<Reply<unknown>> {
    const fail = (code: MessageError['code'], text: string): Reply<never> => ({
      ok: false,
      error: { code, message: opts.scrub(text) },
    });
    const envelope = EnvelopeSchema.safeParse(message);
    if (!envelope.success) return fail('bad_request', 'message must be { type, payload }');
    const { type, payload } = envelope.data;
    if (!isMessageType(type)) return fail('unknown_type', `unknown message type ${JSON.stringify(type.slice(0, 60))}`);
    const ctx = classifySender(sender, opts);
    if (!ctx || !maySend(ctx.kind, type)) return fail('forbidden', `${type} is not allowed from this sender`);
    const rule: PrivateRule =
      ctx.kind === 'content' && ctx.private ? IN_PRIVATE_WINDOW[type as keyof typeof IN_PRIVATE_WINDOW] : 'answered';
    if (rule === 'refused') return fail('forbidden', `${type} is not allowed from a private window`);
    const req = PROTOCOL[type].req.safeParse(payload ?? {});
    if (!req.success) return fail('bad_request', `${type}: ${formatFirstIssue(req.error, payload)}`);
    try {
      // maySend above checked that this sender is one of SenderOf<type>.
      const handler = handlers[type] as (req: never, ctx: SenderContext) => Promise<unknown>;
      if (rule === 'not-learning')
        return { ok: true, data: notLearning(await handler(notLearning(req.data) as never, ctx)) };
      const data = await handler(req.data as never, ctx);
      return { ok: true, data };
    } catch (error) {
      if (isQuotaError(error)) return fail('storage_full', STORAGE_FULL);
      const code = error instanceof MessageError ? error.code : 'failed';
      return fail(code, error instanceof Error ? error.message : String(error));
    }
  };
}
