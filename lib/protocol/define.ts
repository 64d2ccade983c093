/**
 * What every message shares: a zod request and a zod response per message, the envelope, the
 * reply shape `{ ok: true, data }` / `{ ok: false, error }` and its error codes. Which sender
 * may send a message is the map it is listed in (chat-page.ts, extension-page.ts).
 * zod/mini only: the content script bundles this file.
 */
import * as z from 'zod/mini';

export interface MessageDef<Req extends z.ZodMiniType, Res extends z.ZodMiniType> {
  readonly req: Req;
  readonly res: Res;
}

export type MessageMap = Readonly<Record<string, MessageDef<z.ZodMiniType, z.ZodMiniType>>>;

export function def<Req extends z.ZodMiniType, Res extends z.ZodMiniType>(req: Req, res: Res): MessageDef<Req, Res> {
  return { req, res };
}

export const Empty = z.object({});
export const Ok = z.object({});

/** `busy`: the same long work is already running; `cancelled`: the user cancelled it, nothing changed. */
export const ERROR_CODES = [
  'bad_request',
  'unknown_type',
  'forbidden',
  'storage_full',
  'busy',
  'cancelled',
  'failed',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export type Reply<T> = { ok: true; data: T } | { ok: false; error: { code: ErrorCode; message: string } };

export const EnvelopeSchema = z.object({ type: z.string().check(z.maxLength(100)), payload: z.unknown() });

export class MessageError extends Error {
  override name = 'MessageError';
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}
