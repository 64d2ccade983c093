import { browser, defineBackground } from '#imports';
import { SNAPSHOT_DELAY_MS, setSnapshotDelay, warmIndex } from '../../lib/db/memory-index-source';
import { startExtraction } from '../../lib/extraction/service';
import { loadApiKey, onApiKeyChanged } from '../../lib/settings/store';
import { WORK_PROGRESS_EVENT } from '../../lib/work/progress';
import { onWorkProgress } from '../../lib/work/tracker';
import { wireEditBackups } from './edit-backups';
import { handlers } from './handlers';
import { indexHistorySoon } from './history-upkeep';
import { startChatLifecycle } from './lifecycle';
import { wireMaintenance } from './maintenance';
import { installRememberMenu } from './menu';
import { createRouter } from './router';
import { makeScrubber } from './scrub';

export default defineBackground({
  type: 'module',
  main() {
    // The worker wakes mostly for a chat page: its ranking index loads first, before the rest
    // of the start-up work queues its own reads ahead of it.
    void warmIndex().catch(() => {});
    setSnapshotDelay(SNAPSHOT_DELAY_MS);
    let apiKey: string | null = null;
    // Also moves a key an older build left in storage.local out of content scripts' reach.
    void loadApiKey().then((key) => {
      apiKey = key;
    });
    onApiKeyChanged((key) => {
      apiKey = key;
    });

    const route = createRouter(handlers, {
      extensionId: browser.runtime.id,
      extensionOrigin: browser.runtime.getURL('/'),
      scrub: makeScrubber(() => apiKey),
    });

    // The extraction queue: alarms and new jobs wake it; each worker start resumes it.
    startExtraction();

    // Chrome keeps the channel open only for `return true` + sendResponse, not a returned Promise.
    browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
      void route(message, sender).then(sendResponse);
      return true;
    });

    // Long work reports to whichever extension page is open (the side panel); none open is fine.
    onWorkProgress((progress) => {
      browser.runtime.sendMessage({ type: WORK_PROGRESS_EVENT, progress }).catch(() => {});
    });

    startChatLifecycle();
    // Chats listed for indexing before the worker last stopped (or by an upgrade) resume.
    indexHistorySoon();
    wireMaintenance();
    wireEditBackups();
    installRememberMenu();

    // Chrome: the toolbar button opens the side panel. Firefox opens its sidebar natively.
    const sidePanel = (browser as unknown as { sidePanel?: { setPanelBehavior(o: object): Promise<void> } }).sidePanel;
    void sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => {});
    if (!sidePanel) {
      // Firefox MV2 names the toolbar button browserAction; toggle() must run in the click handler.
      const ff = browser as unknown as {
        browserAction?: typeof browser.action;
        sidebarAction?: { toggle(): Promise<void> };
      };
      (browser.action ?? ff.browserAction)?.onClicked.addListener(() => void ff.sidebarAction?.toggle());
    }
  },
});
