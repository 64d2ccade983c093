/**
 * Where the "Remember this" selection waits between the context-menu click (background) and
 * the side panel's confirmation. Local storage, so a stopped service worker loses nothing.
 */
export const PENDING_DRAFT_KEY = 'menu.pendingDraft';
