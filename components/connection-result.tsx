import { t } from '../lib/i18n';
import type { ConnectionResult as Result } from '../lib/provider/connection-result';

export interface ConnectionResultProps {
  state:
    | { state: 'idle' }
    | { state: 'testing' }
    | { state: 'done'; result: Result }
    | { state: 'error'; message: string };
}

/** What Test connection found: one plain sentence, what to do, and the API's own words. */
export function ConnectionResult({ state: s }: ConnectionResultProps) {
  if (s.state === 'idle') return null;
  if (s.state === 'testing') return <p role="status">{t('conn.testing')}</p>;
  if (s.state === 'error')
    return (
      <p role="alert" class="status error">
        {t('conn.failed', { error: s.message })}
      </p>
    );
  const r = s.result;
  const key = `conn.problem.${r.problem}` as const;
  return (
    <div role={r.ok ? 'status' : 'alert'} class={`status ${r.ok ? 'ok' : 'error'}`}>
      <p>{r.ok ? t('conn.ok', { model: r.model }) : t(key as 'conn.problem.other', { model: r.model })}</p>
      {!r.ok && r.detail && (
        <p class="small-text">
          {r.status ? `HTTP ${r.status} · ` : ''}
          {r.detail}
        </p>
      )}
    </div>
  );
}
