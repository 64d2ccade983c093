/** The "Remember this" draft: stored by the context-menu click, taken once by the side panel. */
import { takePendingDraft } from '../menu';
import type { HandlerGroup } from '../router';

export const menuHandlers: HandlerGroup<'menu.pending'> = {
  'menu.pending': async () => ({ draft: await takePendingDraft() }),
};
