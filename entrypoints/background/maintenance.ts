/**
 * Start-up integrity check and the daily maintenance alarm. Both are safe to run twice and to
 * be interrupted (each step is its own transaction).
 */
import { browser } from '#imports';
import { checkIntegrity } from '../../lib/db/integrity';
import { runMaintenance } from '../../lib/db/maintenance';
import { loadSettings } from '../../lib/db/settings-store';
import { indexHistorySoon } from './history-upkeep';

const ALARM = 'maintenance';

async function startUp(): Promise<void> {
  const integrity = await checkIntegrity();
  // A store that could not be read is left alone entirely: no tidy-up writes into it.
  if (integrity.degraded) {
    console.warn('claude-mem start-up: store left as it is', integrity.degraded);
    return;
  }
  const report = await runMaintenance((await loadSettings()).keepChatHistory);
  indexHistorySoon();
  console.info('claude-mem start-up', { integrity: { ...integrity }, maintenance: report });
}

export function wireMaintenance(): void {
  browser.runtime.onStartup.addListener(() => void startUp().catch((e) => console.error('start-up check failed', e)));
  browser.runtime.onInstalled.addListener(() => void startUp().catch((e) => console.error('start-up check failed', e)));
  void browser.alarms.get(ALARM).then((existing) => {
    if (!existing) void browser.alarms.create(ALARM, { periodInMinutes: 24 * 60, delayInMinutes: 60 });
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name !== ALARM) return;
    void loadSettings()
      .then((s) => runMaintenance(s.keepChatHistory))
      .then(indexHistorySoon)
      .catch((e) => console.error('maintenance failed', e));
  });
}
