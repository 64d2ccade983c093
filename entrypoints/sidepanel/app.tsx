import { useEffect } from 'preact/hooks';
import { DegradedBanner } from '../../components/degraded-banner';
import { IncidentBanner } from '../../components/incident-banner';
import { LearnedLine } from '../../components/learned-line';
import { NoticeBar } from '../../components/notice-bar';
import { RecentActions } from '../../components/recent-actions';
import { TabNav } from '../../components/tab-nav';
import { UndoToast } from '../../components/undo-toast';
import { inLanguage, t } from '../../lib/i18n';
import { isSiteId, SITE_LABELS } from '../../lib/sites/ids';
import { startPendingDrafts } from './models/add-memory';
import { dismissLearned, learned, showLearned, startLearned } from './models/learned';
import { currentCount, startMemoryModel } from './models/memories';
import { go, type ViewId, view } from './models/nav';
import { clearNotice, notice } from './models/notice';
import { startPreview } from './models/preview';
import { startSettingsModel } from './models/settings';
import { settingsSection } from './models/settings-sections';
import { startSpacesModel } from './models/spaces';
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
import { groupViews, isGroup, navTabs, PANEL_VIEWS, type TopId, topOf, VIEW_GROUPS } from './views/registry';
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
    startSpacesModel(),
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

/**
 * Recent changes sit where undoable changes are made: Memories (edits, spaces, imports from its
 * menu) and Settings → Backups & files (imports, restores); the other views show none above them.
 */
function changesMadeHere(): boolean {
  return view.value === 'memories' || (view.value === 'settings' && settingsSection.value === 'data');
}

/** The view last open inside each group, so its tab opens where the user left it. */
const lastInGroup = new Map<TopId, ViewId>();

function selectTop(id: TopId): void {
  if (isGroup(id)) go(lastInGroup.get(id) ?? groupViews(id)[0]?.id ?? 'memories');
  else go(id);
}

/**
 * One feedback line at a time, the most useful first: an error, then the last change with Undo
 * (carrying the success notice's words when both say the same thing), then a success, then what
 * the last extraction learned. The texts are read here, so a language switch re-renders them.
 */
const SAME_EVENT_MS = 2000;

function Feedback() {
  const n = notice.value;
  const error = n?.kind === 'error' ? n : null;
  const info = n?.kind === 'info' ? n : null;
  const change = error ? null : toast.value;
  const same = info && change && Math.abs(info.at - change.at) < SAME_EVENT_MS ? info : null;
  return (
    <>
      {error && <NoticeBar notice={{ kind: 'error', text: error.text() }} onDismiss={clearNotice} />}
      <UndoToast
        entry={change}
        text={same?.text()}
        onUndo={(id) => void undo(id)}
        onDismiss={() => {
          dismissToast();
          if (same) clearNotice();
        }}
      />
      {!error && !same && info && <NoticeBar notice={{ kind: 'info', text: info.text() }} onDismiss={clearNotice} />}
      {!n && !change && (
        <LearnedLine text={learnedText()} onShow={showLearned} onDismiss={() => void dismissLearned()} />
      )}
    </>
  );
}

export function App() {
  useEffect(startModels, []);
  const View = PANEL_VIEWS.find((v) => v.id === view.value)?.component ?? PANEL_VIEWS[0].component;
  const top = topOf(view.value);
  if (isGroup(top)) lastInGroup.set(top, view.value);
  const group = VIEW_GROUPS.find((g) => g.id === top);
  return (
    <main>
      <header class="app-header">
        <h1>claude-mem</h1>
        <p class="count">{t('mem.countHeader', { n: currentCount.value })}</p>
      </header>
      <TabNav label={t('nav.label')} tabs={navTabs()} current={top} onSelect={selectTop} />
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
      <Feedback />
      <WorkBars />
      {changesMadeHere() && <RecentActions entries={history.value} onUndo={(id) => void undo(id)} />}
      {group ? (
        <section class="view-group" id={`view-${group.id}`} role="tabpanel" aria-labelledby={`tab-${group.id}`}>
          <TabNav sub label={inLanguage(group.label)} tabs={groupViews(group.id)} current={view.value} onSelect={go} />
          <View />
        </section>
      ) : (
        <View />
      )}
    </main>
  );
}
