import { t } from '../lib/i18n';
import type { ReadingProblem } from '../lib/page/reading-problems';
import type { PanelHealth } from '../lib/page/site-health';

export interface HealthLineProps {
  health: PanelHealth;
  /** What reads wrong on the page, for `reading_problems`. */
  problems?: readonly ReadingProblem[];
}

const TONE: Record<PanelHealth, 'ok' | 'warn' | 'muted'> = {
  checking: 'muted',
  working: 'ok',
  composer_missing: 'warn',
  messages_missing: 'warn',
  reading_problems: 'warn',
  not_connected: 'warn',
  unknown: 'muted',
};

/** Whether claude-mem can read and write on this page, and what to do if not. */
export function HealthLine({ health, problems = [] }: HealthLineProps) {
  return (
    <div class={`health ${TONE[health]}`}>
      <p>
        <span class="dot" aria-hidden="true" />
        <strong>{t('health.label')}</strong> {t(`health.${health}`)}
      </p>
      {health === 'reading_problems' && problems.length > 0 && (
        <ul class="health-problems" aria-label={t('health.reading_problems')}>
          {problems.map((p) => (
            <li key={p}>{t(`problem.${p}`)}</li>
          ))}
        </ul>
      )}
      {health !== 'working' && health !== 'checking' && <p class="muted">{t(`health.${health}.hint`)}</p>}
    </div>
  );
}
