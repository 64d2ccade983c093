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
