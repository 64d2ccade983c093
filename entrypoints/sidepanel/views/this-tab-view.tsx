/** This tab: the active page's site, adapter health, mode, "don't remember", and the live preview. */
import { HealthLine } from '../../../components/health-line';
import { SiteModeSwitch } from '../../../components/site-mode-switch';
import { ViewPanel } from '../../../components/view-panel';
import { t } from '../../../lib/i18n';
import { SITE_LABELS } from '../../../lib/sites/ids';
import { fail, messageOf, say } from '../models/notice';
import { saved, setSiteLearn, setSiteMode } from '../models/settings';
import { activeTab, chatState, extractThisChat, health, problems, setChatExcluded } from '../models/this-tab';
import { ThisTabEmpty } from './this-tab-empty';
import { ThisTabPreview } from './this-tab-preview';
import { ThisTabSpace } from './this-tab-space';

/**
 * What is true about the switch: usable; a new chat that has no conversation yet (the page's
 * own switch works); or a page claude-mem has not reached, where reloading helps.
 */
function hintFor(available: boolean, state: string): string {
  if (available) return t('tab.dontRememberHint');
  return state === 'not_connected' ? t('tab.excludeUnavailable') : t('tab.newChatHint');
}

async function extractNow(): Promise<void> {
  try {
    await extractThisChat();
    say(() => t('tab.extracting'));
  } catch (error) {
    fail(messageOf(error));
  }
}

export function ThisTabView() {
  const tab = activeTab.value;
  if (!tab?.site) {
    return (
      <ViewPanel id="tab">
        <ThisTabEmpty />
      </ViewPanel>
    );
  }
  const site = tab.site;
  const siteSettings = saved.value?.sites[site];
  const chat = chatState.value;
  return (
    <ViewPanel id="tab">
      <h2 class="site-title">{SITE_LABELS[site]}</h2>
      {tab.title && <p class="muted ellipsis">{tab.title}</p>}
      <HealthLine health={health.value} problems={problems.value} />
      {siteSettings && (
        <label class="check-field">
          <input
            type="checkbox"
            checked={siteSettings.learn}
            onChange={(e) => void setSiteLearn(site, e.currentTarget.checked)}
          />
          {t('settings.siteLearnFor', { site: SITE_LABELS[site] })}
        </label>
      )}
      {siteSettings && (
        <SiteModeSwitch
          site={SITE_LABELS[site]}
          mode={siteSettings.inject}
          onChange={(m) => void setSiteMode(site, m)}
        />
      )}
      <ThisTabSpace tabId={tab.tabId} url={tab.url} site={site} />
      <label class="check-field">
        <input
          type="checkbox"
          checked={chat.excluded}
          disabled={!chat.available}
          onChange={(e) => {
            void setChatExcluded(e.currentTarget.checked).then((ok) => ok || fail(() => t('tab.excludeUnavailable')));
          }}
        />
        {t('tab.dontRemember')}
      </label>
      <p class="field-hint">{hintFor(chat.available, health.value)}</p>
      {chat.chatId && !chat.excluded && siteSettings?.learn && (
        <div class="field">
          <button type="button" onClick={() => void extractNow()}>
            {t('tab.extractNow')}
          </button>
          <span class="field-hint">{t('tab.extractNowHint')}</span>
        </div>
      )}
      <ThisTabPreview site={site} />
    </ViewPanel>
  );
}
