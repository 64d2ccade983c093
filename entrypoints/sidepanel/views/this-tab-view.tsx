/** This tab: the active page's site, adapter health, mode, "don't remember", and the live preview. */
import { HealthLine } from '../../../components/health-line';
import { PreviewList } from '../../../components/preview-list';
import { SiteModeSwitch } from '../../../components/site-mode-switch';
import { ViewPanel } from '../../../components/view-panel';
import { t } from '../../../lib/i18n';
import { DEFAULT_BUDGET_TOKENS } from '../../../lib/settings-schema';
import { SITE_LABELS } from '../../../lib/sites';
import { fail } from '../models/notice';
import { preview } from '../models/preview';
import { saved, setSiteMode } from '../models/settings';
import {
  activeTab,
  chatState,
  draft,
  excludedIds,
  health,
  setChatExcluded,
  toggleExcluded,
  typeDraft,
} from '../models/this-tab';
import { ThisTabEmpty } from './this-tab-empty';

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
  const p = preview.value;
  return (
    <ViewPanel id="tab">
      <h2 class="site-title">{SITE_LABELS[site]}</h2>
      {tab.title && <p class="muted ellipsis">{tab.title}</p>}
      <HealthLine health={health.value} />
      {siteSettings && (
        <SiteModeSwitch site={SITE_LABELS[site]} mode={siteSettings.mode} onChange={(m) => void setSiteMode(site, m)} />
      )}
      <label class="check-field">
        <input
          type="checkbox"
          checked={chat.excluded}
          disabled={!chat.available}
          onChange={(e) => {
            void setChatExcluded(e.currentTarget.checked).then((ok) => ok || fail(t('tab.excludeUnavailable')));
          }}
        />
        {t('tab.dontRemember')}
      </label>
      <p class="field-hint">{chat.available ? t('tab.dontRememberHint') : t('tab.excludeUnavailable')}</p>
      <h3>{t('tab.previewTitle')}</h3>
      <label class="field wide">
        <span class="field-label">{t('tab.draft')}</span>
        <textarea
          rows={3}
          value={draft.value}
          placeholder={t('tab.draftPlaceholder')}
          onInput={(e) => typeDraft(e.currentTarget.value)}
        />
      </label>
      {!draft.value.trim() && <p class="muted">{t('tab.previewEmpty')}</p>}
      {draft.value.trim() && p.items.length === 0 && <p class="muted">{t('tab.previewNone')}</p>}
      {p.items.length > 0 && (
        <PreviewList
          items={p.items}
          tokens={p.tokens}
          budget={siteSettings?.budgetTokens ?? DEFAULT_BUDGET_TOKENS}
          onToggle={toggleExcluded}
        />
      )}
      {excludedIds.value.size > 0 && <p class="field-hint">{t('tab.excludeHint')}</p>}
    </ViewPanel>
  );
}
