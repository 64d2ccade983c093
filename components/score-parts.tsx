import { t } from '../lib/i18n';
import type { ScoreParts as Parts } from '../lib/memory/types';

export interface ScorePartsProps {
  score: number;
  parts: Parts;
}

const ORDER = ['text', 'profile', 'intent', 'importance', 'recency', 'hits', 'feedback'] as const;

/** Why a memory was chosen: each part its score has (a part of 0 says nothing) as a small bar with its number. */
export function ScoreParts({ score, parts }: ScorePartsProps) {
  // Entries logged before the profile part existed have none: it was 0.
  const value = (k: (typeof ORDER)[number]) => parts[k] ?? 0;
  const max = Math.max(1, ...ORDER.map((k) => Math.abs(value(k))));
  return (
    <dl class="score-parts" aria-label={t('score.label', { score: score.toFixed(2) })}>
      {ORDER.filter((k) => value(k) !== 0).map((k) => (
        <div key={k} class="score-part">
          <dt>{t(`score.${k}`)}</dt>
          <dd>
            <span
              class={`bar ${value(k) < 0 ? 'negative' : ''}`}
              style={{ width: `${(Math.abs(value(k)) / max) * 100}%` }}
              aria-hidden="true"
            />
            <span class="num">{value(k).toFixed(2)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
