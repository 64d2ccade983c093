import { t } from '../lib/i18n';
import { typeLabel } from '../lib/i18n/labels';
import type { MemoryRecord, ScoreParts as Parts } from '../lib/memory/types';
import { ScoreParts } from './score-parts';

export interface InjectionItemProps {
  /** The memory as it is now; undefined once deleted. */
  memory: MemoryRecord | undefined;
  score: number;
  parts: Parts;
  /** Why it was chosen, in a sentence (absent once the memory is deleted). */
  why?: string;
  onWrong: (action: 'demote' | 'delete') => void;
}

/** One memory of an injection: what it says, why it was chosen, and "this was wrong". */
export function InjectionItem({ memory: m, score, parts, why, onWrong }: InjectionItemProps) {
  return (
    <li class="entry-item">
      {m ? (
        <p class="memory-content">
          <span class={`badge type-${m.type}`}>{typeLabel(m.type)}</span> {m.content}{' '}
          <span class="importance">{'★'.repeat(m.importance)}</span>
        </p>
      ) : (
        <p class="muted">{t('activity.memoryGone')}</p>
      )}
      {m && m.feedback < 0 && <p class="field-hint">{t('activity.demotedTimes', { n: -m.feedback })}</p>}
      {why && <p class="why-line">{why}</p>}
      <ScoreParts score={score} parts={parts} />
      {m && (
        <div class="memory-actions">
          <button type="button" class="small" onClick={() => onWrong('demote')}>
            {t('activity.wrongDemote')}
          </button>
          <button type="button" class="small danger" onClick={() => onWrong('delete')}>
            {t('activity.wrongDelete')}
          </button>
        </div>
      )}
    </li>
  );
}
