/**
 * The bridge's bounds, shared by the extension and the bridge program so both sides refuse the
 * same things. A frame is one length-prefixed JSON message; the browser itself refuses a
 * message from a native host over 1 MB, so nothing on the way may be larger.
 */

/** The native messaging host's name, as registered by `npm run bridge:install`. */
export const HOST_NAME = 'dev.claude_mem.bridge';
/** Largest frame in either direction, on the socket and on the browser's pipe (Chrome's own host-to-browser cap). */
export const MAX_FRAME_BYTES = 1024 * 1024;
/** Largest request frame (a tool call): a query or a memory to remember is small. */
export const MAX_REQUEST_BYTES = 64 * 1024;
/** Tool calls one client (one MCP server process) may make per minute. */
export const CALLS_PER_MINUTE = 60;
/** Tool calls all clients together may make per minute. */
export const CALLS_PER_MINUTE_ALL = 240;
/** Calls one client may have waiting for the browser at once. */
export const MAX_IN_FLIGHT = 4;
/** Clients (socket connections) the host serves at once. */
export const MAX_CLIENTS = 16;
/** How long a call may wait for the browser before the client gets a clear error. */
export const CALL_TIMEOUT_MS = 5000;
/** How long connecting to the host's socket may take. */
export const CONNECT_TIMEOUT_MS = 1000;
export const MAX_RESULTS = 20;
/** Excerpts `search_chats` returns at most (each ≤ 600 characters). */
export const MAX_CHAT_RESULTS = 5;
export const DEFAULT_RESULTS = 8;
export const MAX_QUERY_CHARS = 1000;
export const MAX_CLIENT_NAME_CHARS = 100;
/** A space named by a tool: a space's name is at most 60 characters; a longer one is just unknown. */
export const MAX_SPACE_ARG_CHARS = 200;
