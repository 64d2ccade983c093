/**
 * What the desktop bridge (the native messaging host) may send: the three tool calls, each
 * with the calling client's name. Nothing else — no settings, no key, no panel message. The
 * background's router checks these like any other sender's, under the sender kind `native`.
 */
import * as z from 'zod/mini';
import {
  ClientNameSchema,
  ProfileArgsSchema,
  RememberArgsSchema,
  SearchArgsSchema,
  SearchChatsArgsSchema,
  ToolResultSchema,
} from '../bridge/schemas';
import { def } from './define';

const withClient = <S extends z.ZodMiniObject>(schema: S) => z.extend(schema, { client: ClientNameSchema });

export const NATIVE_HOST_MESSAGES = {
  'tool.search_memories': def(withClient(SearchArgsSchema), ToolResultSchema),
  'tool.get_profile': def(withClient(ProfileArgsSchema), ToolResultSchema),
  'tool.remember': def(withClient(RememberArgsSchema), ToolResultSchema),
  'tool.search_chats': def(withClient(SearchChatsArgsSchema), ToolResultSchema),
} as const;
