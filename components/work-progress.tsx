import { t } from '../lib/i18n';
import { bytes, number } from '../lib/i18n/format';

export interface WorkProgressProps {
  /** What is running, in words ("Importing memories"). */
  label: string;
  /** The step it is on ("saving"). */
  phase: string;
  done: number;
  total: number;
  /** What the counts are: items, or bytes of a file being read (shown as kB / MB). */
  unit?: 'bytes' | undefined;
  /** `starting`: the background has not reported yet; `committing`: too late to cancel. */
  stage: 'starting' | 'cancellable' | 'committing';
  onCancel: () => void;
}

/**
 * One piece of long work: a labelled bar with its counts and a Cancel button while it can
 * still be cancelled. With no total yet the bar is indeterminate.
 */
export function WorkProgress({ label, phase, done, total, unit, stage, onCancel }: WorkProgressProps) {
  const show = unit === 'bytes' ? bytes : number;
  const counts = total > 0 ? t('work.counts', { done: show(done), total: show(total) }) : '';
  const text = [phase, counts].filter(Boolean).join(' · ');
  return (
    <div class="work-progress">
      <div class="work-line">
        <strong>{label}</strong>
        <span class="muted" aria-hidden="true">
          {text}
        </span>
      </div>
      <progress
        aria-label={label}
        aria-valuetext={text}
        max={total > 0 ? total : undefined}
        value={total > 0 ? done : undefined}
      />
      {stage === 'cancellable' && (
        <button type="button" class="small" aria-label={t('work.cancelNamed', { what: label })} onClick={onCancel}>
          {t('work.cancel')}
        </button>
      )}
      {stage === 'committing' && <span class="muted">{t('work.committing')}</span>}
    </div>
  );
}
