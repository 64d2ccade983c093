import { t } from '../lib/i18n';
import { typeLabel } from '../lib/i18n/labels';
import type { MemoryRecord, ScoreParts as Parts } from '../lib/memory/types';
import { ScoreParts } from './score-parts';

export interface PreviewListProps {
  /** Each memory with why it was chosen, said in a sentence (`why`). */
  items: readonly { memory: MemoryRecord; score: number; parts: Parts; excluded: boolean; why: string }[];
  onToggle: (id: string) => void;
}

/** The memories that would go into this message, each with why in words and a switch to leave it out. */
export function PreviewList({ items, onToggle }: PreviewListProps) {
  return (
    <ul class="preview-list" aria-label={t('tab.previewList')}>
      {items.map(({ memory: m, score, parts, excluded, why }) => (
        <li key={m.id} class={excluded ? 'excluded' : ''}>
          <div class="preview-head">
            <p class="memory-content" id={`pv-${m.id}`}>
              <span class={`badge type-${m.type}`}>{typeLabel(m.type)}</span> {m.content}
            </p>
            <label class="switch">
              <input
                type="checkbox"
                role="switch"
                checked={!excluded}
                aria-checked={!excluded}
                aria-describedby={`pv-${m.id}`}
                onChange={() => onToggle(m.id)}
              />
              {t('tab.include')}
            </label>
          </div>
          {!excluded && (
            <>
              <p class="why-line">{why}</p>
              <details class="why">
                <summary>{t('why.details')}</summary>
                <ScoreParts score={score} parts={parts} />
              </details>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
