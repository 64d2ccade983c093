/**
 * The one content script, on every supported chat site (matches come from the adapter
 * registry). It starts at document_start so its capture-phase key and click listeners run
 * before the site's own; everything that reads the page waits for the DOM.
 */
import { defineContentScript } from '#imports';
import { ADAPTER_MATCHES, adapterForUrl } from '../lib/adapters';
import { startChatPage } from '../lib/content/page';

export default defineContentScript({
  matches: [...ADAPTER_MATCHES],
  runAt: 'document_start',
  main(ctx) {
    const adapter = adapterForUrl(location.href);
    if (adapter) startChatPage(ctx, adapter);
  },
});
