/**
 * A chat page's block messages, passed to the tab's block session (../block/session.ts), and
 * the side panel's per-memory switch for a tab. The site always comes from the sender, never
 * from the payload: a page cannot ask for another site's memories.
 */

import { browser } from '#imports';
import { MessageError } from '../../../lib/protocol/define';
import { siteForUrl } from '../../../lib/sites/ids';
import { prepareBlock, recordMissed, recordSent, tellStale } from '../block/session';
import type { HandlerGroup } from '../router';
import { updateTab } from '../tab-state';

export const injectionHandlers: HandlerGroup<'inject.prepare' | 'inject.record' | 'inject.missed' | 'tab.exclude'> = {
  /** The side panel's per-memory switch: these stay out of this tab's injections. */
  'tab.exclude': async ({ tabId, ids }) => {
    const tab = await browser.tabs.get(tabId).catch(() => null);
    const site = siteForUrl(tab?.url ?? '');
    if (!tab?.url || !site) throw new MessageError('bad_request', `tab ${tabId} is not a supported chat page`);
    await updateTab(tabId, { site, url: tab.url }, { excluded: [...new Set(ids)] });
    // Answered once the page has dropped the block it held: the user's next send is without them.
    await tellStale(tabId);
    return { excluded: ids.length };
  },
  'inject.prepare': (req, tab) => prepareBlock(tab, req),
  'inject.missed': async ({ token }, tab) => ({ recorded: await recordMissed(tab, token) }),
  'inject.record': async ({ token, chatId }, tab) => ({ recorded: await recordSent(tab, token, chatId ?? null) }),
};
