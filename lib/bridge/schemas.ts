/**
 * The bridge's three hops, one schema each (zod/mini: the background bundles them):
 * - MCP client ↔ bridge: the SDK checks tool arguments against the *ArgsSchema below;
 * - bridge (MCP role) ↔ bridge (host role): SocketCall / SocketReply frames on the Unix socket;
 * - host ↔ extension: HostToExtension / ExtensionToHost on the browser's native messaging pipe,
 *   checked again by the background's router like any other sender.
 * The key and settings never appear in any of them: a reply carries memories or an error.
 */
import * as z from 'zod/mini';
import { MemoryContentSchema, MemoryTypeSchema } from '../memory/types';
import { MAX_CHAT_RESULTS, MAX_CLIENT_NAME_CHARS, MAX_QUERY_CHARS, MAX_RESULTS, MAX_SPACE_ARG_CHARS } from './limits';

const TOOL_NAMES = ['search_memories', 'get_profile', 'remember', 'search_chats'] as const;
export const ToolNameSchema = z.enum(TOOL_NAMES);
export type ToolName = z.infer<typeof ToolNameSchema>;

/** A space by its name, as the user named it (lib/bridge/spaces.ts); absent: no one space. */
const SpaceArg = z.optional(
  z
    .string()
    .check(
      z.minLength(1),
      z.maxLength(MAX_SPACE_ARG_CHARS),
      z.describe("The name of one of the user's spaces (e.g. Work); leave out for all the tools may read"),
    ),
);

export const SearchArgsSchema = z.object({
  query: z.string().check(z.minLength(1), z.maxLength(MAX_QUERY_CHARS)),
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_RESULTS))),
  space: SpaceArg,
});
export const ProfileArgsSchema = z.object({ space: SpaceArg });
export const RememberArgsSchema = z.object({
  content: MemoryContentSchema,
  type: MemoryTypeSchema,
  space: z.optional(
    z
      .string()
      .check(
        z.minLength(1),
        z.maxLength(MAX_SPACE_ARG_CHARS),
        z.describe("The user's space it belongs to (e.g. Work); leave out when it is about the user in general"),
      ),
  ),
});
/** `search_chats`: excerpts of past chats, at most MAX_CHAT_RESULTS. */
export const SearchChatsArgsSchema = z.object({
  query: z.string().check(z.minLength(1), z.maxLength(MAX_QUERY_CHARS)),
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_CHAT_RESULTS))),
});

/** The MCP client's own name (from its `initialize`), as Activity shows it. */
export const ClientNameSchema = z.string().check(z.minLength(1), z.maxLength(MAX_CLIENT_NAME_CHARS));
const CallIdSchema = z.int().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER));

/** One memory as a desktop tool sees it: text, kind, date and id — no score parts, no source URL. */
export const ToolMemorySchema = z.object({
  id: z.string(),
  type: MemoryTypeSchema,
  content: z.string(),
  date: z.string(),
  importance: z.int(),
  /** `global`, or the one site it is kept to (only when the user allowed site-scoped memories). */
  scope: z.string(),
  /** The name of its space, one the tools may read; absent: Everywhere. */
  space: z.optional(z.string()),
});
export type ToolMemory = z.infer<typeof ToolMemorySchema>;

/** One past chat's excerpt as a desktop tool sees it: where and when, its title, link and text. */
const ToolChatSchema = z.object({
  site: z.string(),
  date: z.string(),
  title: z.string(),
  link: z.string(),
  excerpt: z.string(),
});

export const ToolResultSchema = z.union([
  z.object({ chats: z.array(ToolChatSchema) }),
  z.object({ memories: z.array(ToolMemorySchema) }),
  z.object({ proposed: z.object({ id: z.string(), status: z.literal('proposed') }) }),
  z.object({ proposed: z.null(), reason: z.string() }),
]);

const ErrorSchema = z.object({ code: z.string().check(z.maxLength(40)), message: z.string().check(z.maxLength(2000)) });
export const ToolReplySchema = z.union([
  z.object({ ok: z.literal(true), data: ToolResultSchema }),
  z.object({ ok: z.literal(false), error: ErrorSchema }),
]);
export type ToolReply = z.infer<typeof ToolReplySchema>;

/** MCP role → host role, on the socket. */
export const SocketCallSchema = z.object({
  id: CallIdSchema,
  client: ClientNameSchema,
  tool: ToolNameSchema,
  args: z.record(z.string(), z.unknown()),
});

/** Host role → MCP role, on the socket. */
export const SocketReplySchema = z.object({ id: CallIdSchema, reply: ToolReplySchema });

/** Host → extension, on the native messaging pipe. */
export const HostToExtensionSchema = z.union([
  z.object({
    kind: z.literal('call'),
    id: CallIdSchema,
    client: ClientNameSchema,
    tool: ToolNameSchema,
    args: z.unknown(),
  }),
  /** The host is listening (or could not: `error` says why), sent once after start. */
  z.object({
    kind: z.literal('ready'),
    version: z.string().check(z.maxLength(40)),
    error: z.optional(z.string().check(z.maxLength(500))),
  }),
]);

/** Extension → host, on the native messaging pipe. */
export const ExtensionToHostSchema = z.object({ kind: z.literal('reply'), id: CallIdSchema, reply: ToolReplySchema });
