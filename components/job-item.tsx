import type { StringKey } from '../lib/i18n';
import { t } from '../lib/i18n';
import { number, relativeTime } from '../lib/i18n/format';
import { detailLabel, scopeLabel } from '../lib/i18n/labels';
import type { JobState } from '../lib/memory/types';

export interface JobItemProps {
  title: string;
  site: string;
  state: JobState;
  turns: number;
  attempts: number;
  updatedAt: string;
  tokens: number;
  /** Failed jobs: the reason in plain words, and the raw error under it. */
  reason: StringKey | null;
  rawError: string | null;
  /** Done jobs: what the extraction did, e.g. "3 added, 1 updated". */
  outcome: string | null;
  onRetry: () => void;
  onDiscard: () => void;
  onExtractNow: () => void;
}

/** One chat in the extraction queue and what can be done with it. */
export function JobItem(p: JobItemProps) {
  return (
    <li class={`job job-${p.state}`}>
      <p class="job-title">
        <strong>{p.title || t('queue.untitled')}</strong> <span class="muted">· {scopeLabel(p.site)}</span>
      </p>
      <p class="memory-meta">
        <span>{t('queue.turns', { n: p.turns })}</span>
        <span>{relativeTime(p.updatedAt)}</span>
        {p.attempts > 0 && <span>{t('queue.attempts', { n: p.attempts })}</span>}
        {p.tokens > 0 && <span>{t('queue.tokens', { n: number(p.tokens) })}</span>}
        {p.outcome && <span class="job-outcome">{p.outcome}</span>}
      </p>
      {p.reason && (
        <div class="job-reason" role="note">
          <p>{t(p.reason)}</p>
          {p.rawError && <p class="muted small-text">{detailLabel(p.rawError)}</p>}
        </div>
      )}
      <div class="memory-actions">
        {p.state === 'pending' && (
          <button type="button" class="small" onClick={p.onExtractNow}>
            {t('queue.extractNow')}
          </button>
        )}
        {p.state === 'failed' && (
          <button type="button" class="small primary" onClick={p.onRetry}>
            {t('queue.retry')}
          </button>
        )}
        {(p.state === 'pending' || p.state === 'failed') && (
          <button type="button" class="small danger" onClick={p.onDiscard}>
            {t('queue.discard')}
          </button>
        )}
      </div>
    </li>
  );
}
