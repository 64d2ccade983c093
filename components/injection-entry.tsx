import { t } from '../lib/i18n';
import { dateTime, relativeTime } from '../lib/i18n/format';
import { scopeLabel, typeLabel } from '../lib/i18n/labels';
import type { Injection, MemoryRecord } from '../lib/memory/types';
import { ScoreParts } from './score-parts';

export interface InjectionEntryProps {
  injection: Injection;
  draftStart: string;
  memories: ReadonlyMap<string, MemoryRecord>;
  open: boolean;
  onToggle: () => void;
  onWrong: (memoryId: string, action: 'demote' | 'delete') => void;
}

/** One injection: when, where, the draft's first words, and (opened) each memory and why. */
export function InjectionEntry({ injection: inj, draftStart, memories, open, onToggle, onWrong }: InjectionEntryProps) {
  return (
    <li class="entry">
      <button type="button" class="entry-head" aria-expanded={open} onClick={onToggle}>
        <span class="entry-when" title={dateTime(inj.at)}>
          {relativeTime(inj.at)} · {scopeLabel(inj.site)}
        </span>
        <span class="entry-draft">“{draftStart}”</span>
        <span class="memory-meta">
          <span>{t('activity.memories', { n: inj.items.length })}</span>
          <span>{t('usage.tokens', { n: inj.tokens })}</span>
          {inj.feedback === 'wrong' && <span class="badge status-expired">{t('activity.markedWrong')}</span>}
        </span>
      </button>
      {open && (
        <ul class="entry-items" aria-label={t('activity.itemsLabel')}>
          {inj.items.map((item) => {
            const m = memories.get(item.memoryId);
            return (
              <li key={item.memoryId} class="entry-item">
                {m ? (
                  <p class="memory-content">
                    <span class={`badge type-${m.type}`}>{typeLabel(m.type)}</span> {m.content}{' '}
                    <span class="importance">{'★'.repeat(m.importance)}</span>
                  </p>
                ) : (
                  <p class="muted">{t('activity.memoryGone')}</p>
                )}
                {m && m.feedback < 0 && <p class="field-hint">{t('activity.demotedTimes', { n: -m.feedback })}</p>}
                <ScoreParts score={item.score} parts={item.parts} />
                {m && (
                  <div class="memory-actions">
                    <button type="button" class="small" onClick={() => onWrong(item.memoryId, 'demote')}>
                      {t('activity.wrongDemote')}
                    </button>
                    <button type="button" class="small danger" onClick={() => onWrong(item.memoryId, 'delete')}>
                      {t('activity.wrongDelete')}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}
