import type { JobView } from '../lib/messages';

export interface JobItemProps {
  job: JobView;
  onRetry: (jobId: string) => void;
  onDiscard: (jobId: string) => void;
}

const STATE_LABEL: Record<JobView['state'], string> = {
  pending: 'waiting',
  running: 'extracting…',
  done: 'done',
  failed: 'failed',
};

/** One queued extraction: its chat, state, why it failed or waits, and what it did. */
export function JobItem({ job, onRetry, onDiscard }: JobItemProps) {
  const title = job.chatTitle || job.chatId;
  return (
    <li class="job" data-state={job.state}>
      <p class="job-title">
        <span class="badge">{job.site}</span> {title} <span class="badge muted">{STATE_LABEL[job.state]}</span>
      </p>
      {job.lastError && <p class="job-error">{job.lastError}</p>}
      {job.outcome && <p class="job-outcome">{job.outcome}</p>}
      {(job.state === 'failed' || job.state === 'pending') && (
        <p class="job-actions">
          <button type="button" aria-label={`Retry ${title}`} onClick={() => onRetry(job.id)}>
            Retry
          </button>
          <button type="button" aria-label={`Discard ${title}`} onClick={() => onDiscard(job.id)}>
            Discard
          </button>
        </p>
      )}
    </li>
  );
}
