/** This tab: the active page's site, the live preview, then adapter health, mode, space and "don't remember". */
import { HealthLine } from '../../../components/health-line';
import { SiteModeSwitch } from '../../../components/site-mode-switch';
import { ViewPanel } from '../../../components/view-panel';
import { t } from '../../../lib/i18n';
import type { PanelHealth } from '../../../lib/page/site-health';
import { SITE_LABELS, type SiteId } from '../../../lib/sites/ids';
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
function hintFor(available: boolean, state: PanelHealth): string | null {
  if (available) return t('tab.dontRememberHint');
  // Still connecting: neither "reload" nor "a new chat" is known to be true yet.
  if (state === 'checking') return null;
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

/** The page's title under the site's name, unless it only repeats it (a new chat is titled "ChatGPT"). */
function pageTitle(title: string, site: SiteId): string | null {
  const trimmed = title.trim();
  return trimmed && trimmed.toLowerCase() !== SITE_LABELS[site].toLowerCase() ? trimmed : null;
}

/** The page's own switches: learning, how memories go in, its space, "don't remember", Extract now. */
function PageControls({ site, tabId, url }: { site: SiteId; tabId: number; url: string }) {
  const siteSettings = saved.value?.sites[site];
  const chat = chatState.value;
  const hint = hintFor(chat.available, health.value);
  return (
    <section aria-labelledby="tab-page-title">
      <h3 id="tab-page-title">{t('tab.pageTitle')}</h3>
      {!needsAttention(health.value) && <HealthLine health={health.value} problems={problems.value} />}
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
      <ThisTabSpace tabId={tabId} url={url} site={site} />
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
      {hint && <p class="field-hint">{hint}</p>}
      {chat.chatId && !chat.excluded && siteSettings?.learn && (
        <div class="field">
          <button type="button" onClick={() => void extractNow()}>
            {t('tab.extractNow')}
          </button>
          <span class="field-hint">{t('tab.extractNowHint')}</span>
        </div>
      )}
    </section>
  );
}

/** A page claude-mem cannot read or write: said first, above the preview, with what to do. */
function needsAttention(state: PanelHealth): boolean {
  return state !== 'working' && state !== 'checking' && state !== 'unknown';
}

/**
 * The preview first (what the next message would carry is why one opens this view), then the
 * page's own switches; a page that needs attention says so above both.
 */
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
  const title = pageTitle(tab.title, site);
  return (
    <ViewPanel id="tab">
      <h2 class="site-title">{SITE_LABELS[site]}</h2>
      {title && <p class="muted ellipsis">{title}</p>}
      {needsAttention(health.value) && <HealthLine health={health.value} problems={problems.value} />}
      <ThisTabPreview site={site} />
      <PageControls site={site} tabId={tab.tabId} url={tab.url} />
    </ViewPanel>
  );
}
