/** Queue: chats waiting to be turned into memories, running, failed (and why), done. */
import { useEffect } from 'preact/hooks';
import { EmptyState } from '../../../components/empty-state';
import { JobItem } from '../../../components/job-item';
import { SiteLimits } from '../../../components/site-limits';
import { UsageMeter } from '../../../components/usage-meter';
import { ViewPanel } from '../../../components/view-panel';
import type { QueueRow } from '../../../lib/db/panel-reads';
import { t } from '../../../lib/i18n';
import { detailLabel } from '../../../lib/i18n/labels';
import type { JobState } from '../../../lib/memory/types';
import { isSiteId, SITE_LABELS } from '../../../lib/sites/ids';
import { go } from '../models/nav';
import {
  bounds,
  discardJob,
  extractNow,
  groups,
  month,
  pause,
  queueLoaded,
  retryJob,
  startQueueModel,
  today,
} from '../models/queue';
import { plainReason } from '../models/queue-reasons';
import { keyMissing, saved } from '../models/settings';
import { goToSettings } from '../models/settings-sections';

const ORDER: readonly JobState[] = ['failed', 'running', 'pending', 'done'];

function siteLabel(id: string): string {
  return isSiteId(id) ? SITE_LABELS[id] : id;
}

/** Sites with waiting chats that are held because learning from their chats is off. */
function heldSites(g: Record<JobState, QueueRow[]>): string[] {
  const sites = saved.value?.sites;
  if (!sites) return [];
  const waiting = new Set(g.pending.map((r) => r.job.chatId.split(':')[0] ?? ''));
  return [...waiting].filter((id) => isSiteId(id) && !sites[id].learn).map(siteLabel);
}

function renderJob({ job, chat }: QueueRow) {
  return (
    <JobItem
      key={job.id}
      title={chat?.title ?? ''}
      site={chat?.site ?? job.chatId.split(':')[0] ?? ''}
      state={job.state}
      turns={chat?.turns.length ?? 0}
      attempts={job.attempts}
      updatedAt={job.updatedAt}
      tokens={job.inputTokens + job.outputTokens}
      reason={job.state === 'failed' ? plainReason(job.lastError) : null}
      rawError={job.state === 'failed' ? job.lastError : null}
      outcome={job.state === 'done' ? (job.outcome ?? null) : null}
      onRetry={() => void retryJob(job.id)}
      onDiscard={() => void discardJob(job.id)}
      onExtractNow={() => void extractNow(job.chatId)}
    />
  );
}

export function QueueView() {
  useEffect(() => startQueueModel(), []);
  const g = groups.value;
  const empty = ORDER.every((s) => g[s].length === 0);
  return (
    <ViewPanel id="queue">
      <UsageMeter today={today.value} month={month.value} dailyCap={saved.value?.dailyTokenCap ?? 0} />
      <SiteLimits hits={bounds.value.map((h) => ({ ...h, site: siteLabel(h.site) }))} held={heldSites(g)} />
      {pause.value && (
        <div class="status error" role="alert">
          <p>{t(`queue.paused.${pause.value.reason}`)}</p>
          <p class="muted small-text">{detailLabel(pause.value.message)}</p>
          {pause.value.reason === 'storage_full' ? (
            <button type="button" class="small link" onClick={() => go('memories')}>
              {t('queue.paused.makeRoom')}
            </button>
          ) : (
            pause.value.reason !== 'cap' && (
              <button type="button" class="small link" onClick={() => goToSettings('connection')}>
                {t('queue.paused.fix')}
              </button>
            )
          )}
        </div>
      )}
      {keyMissing.value && (
        <p class="status error">
          {t('queue.noKey')}{' '}
          <button type="button" class="small link" onClick={() => goToSettings('connection')}>
            {t('empty.memories.openSettings')}
          </button>
        </p>
      )}
      {g.pending.length > 0 && (
        <button type="button" class="primary" onClick={() => void extractNow()}>
          {t('queue.extractAll', { n: g.pending.length })}
        </button>
      )}
      {queueLoaded.value && empty && (
        <EmptyState title={t('queue.empty.title')}>
          <p>{t('queue.empty.body', { minutes: saved.value?.idleMinutes ?? 10 })}</p>
        </EmptyState>
      )}
      {ORDER.filter((s) => g[s].length > 0).map((s) => (
        <section key={s} class="job-group" aria-labelledby={`jobs-${s}`}>
          <h2 id={`jobs-${s}`}>{t(`queue.group.${s}`, { n: g[s].length })}</h2>
          <ul class="job-list">{g[s].map(renderJob)}</ul>
        </section>
      ))}
    </ViewPanel>
  );
}
