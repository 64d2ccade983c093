/** This tab: the active page's site, adapter health, mode, "don't remember", and the live preview. */
import { HealthLine } from '../../../components/health-line';
import { SiteModeSwitch } from '../../../components/site-mode-switch';
import { ViewPanel } from '../../../components/view-panel';
import { t } from '../../../lib/i18n';
import { SITE_LABELS } from '../../../lib/sites/ids';
import { fail } from '../models/notice';
import { saved, setSiteLearn, setSiteMode } from '../models/settings';
import { activeTab, chatState, health, problems, setChatExcluded } from '../models/this-tab';
import { ThisTabEmpty } from './this-tab-empty';
import { ThisTabPreview } from './this-tab-preview';

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
      <p class="field-hint">{chat.available ? t('tab.dontRememberHint') : t('tab.excludeUnavailable')}</p>
      <ThisTabPreview site={site} />
    </ViewPanel>
  );
}
