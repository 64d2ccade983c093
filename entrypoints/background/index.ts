import { browser, defineBackground } from '#imports';
import { API_KEY_STORAGE_KEY, loadApiKey } from '../../lib/settings';
import { handlers } from './handlers';
import { installRememberMenu } from './menu';
import { createRouter } from './router';
import { makeScrubber } from './scrub';

export default defineBackground({
  type: 'module',
  main() {
    let apiKey: string | null = null;
    void loadApiKey().then((key) => {
      apiKey = key;
    });
    browser.storage.onChanged.addListener((changes) => {
      if (API_KEY_STORAGE_KEY in changes) apiKey = (changes[API_KEY_STORAGE_KEY]?.newValue as string) ?? null;
    });

    const route = createRouter(handlers, {
      extensionId: browser.runtime.id,
      extensionOrigin: browser.runtime.getURL('/'),
      scrub: makeScrubber(() => apiKey),
    });

    // Chrome keeps the channel open only for `return true` + sendResponse, not a returned Promise.
    browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
      void route(message, sender).then(sendResponse);
      return true;
    });

    installRememberMenu();

    // Chrome: the toolbar button opens the side panel. Firefox opens its sidebar natively.
    const sidePanel = (browser as unknown as { sidePanel?: { setPanelBehavior(o: object): Promise<void> } }).sidePanel;
    void sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => {});
    if (!sidePanel) {
      browser.action?.onClicked.addListener(() => {
        void (browser as unknown as { sidebarAction?: { toggle(): Promise<void> } }).sidebarAction?.toggle();
      });
    }
  },
});
