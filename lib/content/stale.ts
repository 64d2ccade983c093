/**
 * The background's word to chat pages that what a prepared block was built from has changed
 * (memories, settings, this tab's switched-off memories, or the worker itself): the page drops
 * the block it holds and asks again. Only the extension can send to a content script, so the
 * message needs no payload the page could forge.
 */
export const PREPARED_STALE = 'claude-mem:prepared-stale';

export function isStaleNotice(message: unknown): boolean {
  return (message as { type?: unknown } | null)?.type === PREPARED_STALE;
}

/**
 * The notice says the chat's space may have changed (the user's choice, a mapping, a default):
 * a block that missed its message must not go with the next one either. It says no more: the
 * page never learns which space, or that spaces exist.
 */
export function reachChanged(message: unknown): boolean {
  return (message as { reach?: unknown } | null)?.reach === true;
}
