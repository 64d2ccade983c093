/**
 * Activity: every injection, newest first, and why each memory was chosen; request keywords
 * calls; desktop tools' calls.
 */
import { useEffect } from 'preact/hooks';
import { EmptyState } from '../../../components/empty-state';
import { InjectionEntry } from '../../../components/injection-entry';
import { RequestCallList } from '../../../components/request-call-list';
import { ToolCallList } from '../../../components/tool-call-list';
import { ViewPanel } from '../../../components/view-panel';
import { t } from '../../../lib/i18n';
import { BLOCKS_PER_SITE_HOUR, BLOCKS_PER_TAB_HOUR } from '../../../lib/sites/bounds';
import { SITE_LABELS } from '../../../lib/sites/ids';
import {
  activityLoaded,
  firstWords,
  handouts,
  injections,
  markWrong,
  openEntry,
  requestCalls,
  startActivityModel,
  toggleEntry,
  toolCalls,
} from '../models/activity';
import { byId } from '../models/memories';
import { spaces } from '../models/spaces';
import { whyChosen, whySentence } from '../models/why-chosen';

/** A record's space by name; one since deleted is said to be so, never left blank. */
function spaceNameOf(id: string | undefined): string | undefined {
  if (!id) return undefined;
  return spaces.value.find((s) => s.id === id)?.name ?? t('space.gone');
}

export function ActivityView() {
  useEffect(() => startActivityModel(), []);
  const list = injections.value;
  return (
    <ViewPanel id="activity">
      <p class="muted">{t('activity.intro')}</p>
      {handouts.value
        .filter((h) => h.held > 0)
        .map((h) => (
          <p key={h.site} class="field-hint" role="status">
            {t('activity.handouts', {
              site: SITE_LABELS[h.site],
              given: h.given,
              held: h.held,
              perSite: BLOCKS_PER_SITE_HOUR,
              perTab: BLOCKS_PER_TAB_HOUR,
            })}
          </p>
        ))}
      {activityLoaded.value && list.length === 0 && (
        <EmptyState title={t('activity.empty.title')}>
          <p>{t('activity.empty.body')}</p>
        </EmptyState>
      )}
      {list.length > 0 && (
        <ul class="entry-list" aria-label={t('activity.listLabel')}>
          {list.map((inj) => (
            <InjectionEntry
              key={inj.id}
              injection={inj}
              draftStart={firstWords(inj.query)}
              spaceName={spaceNameOf(inj.space)}
              memories={byId.value}
              open={openEntry.value === inj.id}
              onToggle={() => toggleEntry(inj.id)}
              onWrong={(memoryId, action) => void markWrong(inj.id, memoryId, action)}
              whyOf={(memory, item) => whySentence(whyChosen(item.shared, memory, item.parts))}
            />
          ))}
        </ul>
      )}
      {requestCalls.value.length > 0 && (
        <section aria-labelledby="activity-requests">
          <h2 id="activity-requests">{t('activity.requestCalls')}</h2>
          <p class="muted">{t('activity.requestCallsIntro')}</p>
          <RequestCallList calls={requestCalls.value} label={t('activity.requestCallsLabel')} />
        </section>
      )}
      {toolCalls.value.length > 0 && (
        <section aria-labelledby="activity-tools">
          <h2 id="activity-tools">{t('bridge.activity')}</h2>
          <p class="muted">{t('bridge.activityIntro')}</p>
          <ToolCallList
            calls={toolCalls.value}
            label={t('bridge.callsLabel')}
            contentOf={(id) => byId.value.get(id)?.content}
          />
        </section>
      )}
    </ViewPanel>
  );
}
