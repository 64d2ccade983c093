/**
 * The protocol between contexts: the union of what a chat page may send and what an
 * extension page may send. The background parses every request on arrival and refuses a
 * message the sender's map does not list. Not for the content script: it imports
 * chat-page.ts, so it never bundles the extension page's schemas.
 */
import type * as z from 'zod/mini';
import { CHAT_PAGE_MESSAGES } from './chat-page';
import { EXTENSION_PAGE_MESSAGES } from './extension-page';
import { NATIVE_HOST_MESSAGES } from './native-host';

export const PROTOCOL = { ...CHAT_PAGE_MESSAGES, ...EXTENSION_PAGE_MESSAGES, ...NATIVE_HOST_MESSAGES } as const;

/** `native`: the desktop bridge, over the port the background opened to it. */
export type SenderKind = 'extension' | 'content' | 'native';
export type MessageType = keyof typeof PROTOCOL;
export type ChatPageMessage = keyof typeof CHAT_PAGE_MESSAGES;
export type ExtensionPageMessage = keyof typeof EXTENSION_PAGE_MESSAGES;
export type NativeHostMessage = keyof typeof NATIVE_HOST_MESSAGES;
export type RequestOf<T extends MessageType> = z.input<(typeof PROTOCOL)[T]['req']>;
export type ParsedRequestOf<T extends MessageType> = z.output<(typeof PROTOCOL)[T]['req']>;
export type ResponseOf<T extends MessageType> = z.output<(typeof PROTOCOL)[T]['res']>;

export function isMessageType(value: string): value is MessageType {
  return Object.hasOwn(PROTOCOL, value);
}

/** Whether a sender of this kind may send this message: it is listed in that sender's map. */
export function maySend(kind: SenderKind, type: MessageType): boolean {
  const map = { content: CHAT_PAGE_MESSAGES, extension: EXTENSION_PAGE_MESSAGES, native: NATIVE_HOST_MESSAGES }[kind];
  return Object.hasOwn(map, type);
}
