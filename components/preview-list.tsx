import { t } from '../lib/i18n';
import { typeLabel } from '../lib/i18n/labels';
import type { MemoryRecord, ScoreParts as Parts } from '../lib/memory/types';
import { ScoreParts } from './score-parts';

export interface PreviewListProps {
  items: readonly { memory: MemoryRecord; score: number; parts: Parts; excluded: boolean }[];
  tokens: number;
  budget: number;
  onToggle: (id: string) => void;
}

/** The memories that would go into this message, each with a switch to leave it out. */
export function PreviewList({ items, tokens, budget, onToggle }: PreviewListProps) {
  const included = items.filter((i) => !i.excluded).length;
  return (
    <>
      <p class="muted" role="status">
        {t('tab.previewSummary', { n: included, tokens, budget })}
      </p>
      <ul class="preview-list" aria-label={t('tab.previewList')}>
        {items.map(({ memory: m, score, parts, excluded }) => (
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
              <details class="why">
                <summary>{t('score.why', { score: score.toFixed(2) })}</summary>
                <ScoreParts score={score} parts={parts} />
              </details>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
