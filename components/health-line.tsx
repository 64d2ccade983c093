import { t } from '../lib/i18n';

export type HealthState =
  | 'checking'
  | 'working'
  | 'composer_missing'
  | 'messages_missing'
  | 'not_connected'
  | 'unknown';

export interface HealthLineProps {
  health: HealthState;
}

const TONE: Record<HealthState, 'ok' | 'warn' | 'muted'> = {
  checking: 'muted',
  working: 'ok',
  composer_missing: 'warn',
  messages_missing: 'warn',
  not_connected: 'warn',
  unknown: 'muted',
};

/** Whether claude-mem can read and write on this page, and what to do if not. */
export function HealthLine({ health }: HealthLineProps) {
  return (
    <div class={`health ${TONE[health]}`}>
      <p>
        <span class="dot" aria-hidden="true" />
        <strong>{t('health.label')}</strong> {t(`health.${health}`)}
      </p>
      {health !== 'working' && health !== 'checking' && <p class="muted">{t(`health.${health}.hint`)}</p>}
    </div>
  );
}
