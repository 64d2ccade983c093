import { useEffect } from 'preact/hooks';
import { DegradedBanner } from '../../components/degraded-banner';
import { IncidentBanner } from '../../components/incident-banner';
import { LearnedLine } from '../../components/learned-line';
import { NoticeBar } from '../../components/notice-bar';
import { RecentActions } from '../../components/recent-actions';
import { TabNav } from '../../components/tab-nav';
import { UndoToast } from '../../components/undo-toast';
import { t } from '../../lib/i18n';
import { isSiteId, SITE_LABELS } from '../../lib/sites/ids';
import { startPendingDrafts } from './models/add-memory';
import { dismissLearned, learned, showLearned, startLearned } from './models/learned';
import { currentCount, startMemoryModel } from './models/memories';
import { go, view } from './models/nav';
import { clearNotice, notice } from './models/notice';
import { startPreview } from './models/preview';
import { startSettingsModel } from './models/settings';
import {
  dismissIncident,
  incidentDismissed,
  recheckingStore,
  recheckStore,
  refreshStoreHealth,
  storeStatus,
} from './models/store-health';
import { startThisTab } from './models/this-tab';
import { startTidyModel } from './models/tidy';
import { dismissToast, history, toast, undo } from './models/undo';
import { startWorkModel } from './models/work';
import { navTabs, PANEL_VIEWS } from './views/registry';
import { WorkBars } from './views/work-bars';

/** The learned line in the panel's language (read at render, so a language switch re-renders it). */
function learnedText(): string | null {
  const l = learned.value;
  if (!l) return null;
  const site = isSiteId(l.site) ? SITE_LABELS[l.site] : l.site;
  const title = l.title.trim() || t('learned.untitled', { site });
  return t('learned.line', { n: l.n, title });
}

function startModels(): () => void {
  const stops = [
    startMemoryModel(),
    startSettingsModel(),
    startPendingDrafts(),
    startThisTab(() => view.value === 'tab'),
    startPreview(),
    startWorkModel(),
    startLearned(),
    startTidyModel(),
  ];
  void refreshStoreHealth();
  return () => {
    for (const stop of stops) stop();
  };
}

export function App() {
  useEffect(startModels, []);
  const View = PANEL_VIEWS.find((v) => v.id === view.value)?.component ?? PANEL_VIEWS[0].component;
  return (
    <main>
      <header class="app-header">
        <h1>claude-mem</h1>
        <p class="count">{t('mem.countHeader', { n: currentCount.value })}</p>
      </header>
      <TabNav label={t('nav.label')} tabs={navTabs()} current={view.value} onSelect={go} />
      {storeStatus.value?.degraded && (
        <DegradedBanner
          degraded={storeStatus.value.degraded}
          onRecheck={() => void recheckStore()}
          checking={recheckingStore.value}
        />
      )}
      {storeStatus.value?.incident && !incidentDismissed.value && (
        <IncidentBanner incident={storeStatus.value.incident} onDismiss={dismissIncident} />
      )}
      {/* The text is read here, so a language switch re-renders it. */}
      <NoticeBar
        notice={notice.value && { kind: notice.value.kind, text: notice.value.text() }}
        onDismiss={clearNotice}
      />
      <LearnedLine text={learnedText()} onShow={showLearned} onDismiss={() => void dismissLearned()} />
      <WorkBars />
      <RecentActions entries={history.value} onUndo={(id) => void undo(id)} />
      <View />
      <UndoToast entry={toast.value} onUndo={(id) => void undo(id)} onDismiss={dismissToast} />
    </main>
  );
}
