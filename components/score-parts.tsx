import { t } from '../lib/i18n';
import type { ScoreParts as Parts } from '../lib/memory/types';

export interface ScorePartsProps {
  score: number;
  parts: Parts;
}

const ORDER = ['text', 'intent', 'importance', 'recency', 'hits', 'feedback'] as const;

/** Why a memory was chosen: each part of its score as a small bar with its number. */
export function ScoreParts({ score, parts }: ScorePartsProps) {
  const max = Math.max(1, ...ORDER.map((k) => Math.abs(parts[k])));
  return (
    <dl class="score-parts" aria-label={t('score.label', { score: score.toFixed(2) })}>
      {ORDER.map((k) => (
        <div key={k} class="score-part">
          <dt>{t(`score.${k}`)}</dt>
          <dd>
            <span
              class={`bar ${parts[k] < 0 ? 'negative' : ''}`}
              style={{ width: `${(Math.abs(parts[k]) / max) * 100}%` }}
              aria-hidden="true"
            />
            <span class="num">{parts[k].toFixed(2)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
