import { browser, defineBackground } from '#imports';
import { settleLegacyConsent } from '../../lib/db/consent';
import { SNAPSHOT_DELAY_MS, setSnapshotDelay, warmIndex } from '../../lib/db/memory-index-source';
import { allApiKeys, onApiKeyChanged, onSettingsSaved } from '../../lib/db/settings-store';
import { leaveStorageLocal } from '../../lib/db/trusted';
import { broadcast } from '../../lib/protocol/broadcast';
import { SETTINGS_CHANGED_EVENT, WORK_PROGRESS_EVENT } from '../../lib/protocol/panel-events';
import { onLearned, startExtraction } from '../../lib/queue/service';
import { onWorkProgress } from '../../lib/work/tracker';
import { wirePreparedStale } from './block/session';
import { wireBridge } from './bridge-port';
import { wireEditBackups } from './edit-backups';
import { handlers } from './handlers';
import { indexHistorySoon } from './history-upkeep';
import { announceLearned } from './learned';
import { startChatLifecycle } from './lifecycle';
import { wireMaintenance } from './maintenance';
import { installRememberMenu } from './menu';
import { wireReviewBadge } from './review-badge';
import { createRouter } from './router';
import { makeScrubber } from './scrub';
import { wireSync } from './sync-wiring';

export default defineBackground({
  type: 'module',
  main() {
    // Before anything can write: a chat page must hear of every change to its block's sources.
    wirePreparedStale();
    // The worker wakes mostly for a chat page: its ranking index loads first, before the rest
    // of the start-up work queues its own reads ahead of it.
    void warmIndex().catch(() => {});
    setSnapshotDelay(SNAPSHOT_DELAY_MS);
    // Moves what older builds left in storage.local (settings, install mark, key) out of
    // content scripts' reach, once, before anything else reads it. Then an older build's single
    // "I agree" is bound to the endpoint set now, before any change.
    void leaveStorageLocal()
      .then(settleLegacyConsent)
      .catch(() => {});
    let apiKeys: readonly string[] = [];
    const followKeys = () =>
      void allApiKeys()
        .then((keys) => {
          apiKeys = keys;
        })
        .catch(() => {});
    followKeys();
    onApiKeyChanged(followKeys);
    // Open panels follow saved settings (they cannot watch storage any more).
    onSettingsSaved(() => broadcast({ type: SETTINGS_CHANGED_EVENT }));

    const route = createRouter(handlers, {
      extensionId: browser.runtime.id,
      extensionOrigin: browser.runtime.getURL('/'),
      scrub: makeScrubber(() => apiKeys),
    });

    // The extraction queue: alarms and new jobs wake it; each worker start resumes it.
    onLearned(announceLearned);
    startExtraction();

    // Chrome keeps the channel open only for `return true` + sendResponse, not a returned Promise.
    browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
      void route(message, sender).then(sendResponse);
      return true;
    });

    // Long work reports to whichever extension page is open (the side panel); none open is fine.
    onWorkProgress((progress) => broadcast({ type: WORK_PROGRESS_EVENT, progress }));

    startChatLifecycle();
    // Chats listed for indexing before the worker last stopped (or by an upgrade) resume.
    indexHistorySoon();
    wireMaintenance();
    wireEditBackups();
    installRememberMenu();
    wireReviewBadge();
    // Desktop tools: reconnects the bridge at every worker start while they are on.
    wireBridge(route);
    // Sync with the user's CouchDB server, when set up (lib/sync/).
    wireSync();

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
