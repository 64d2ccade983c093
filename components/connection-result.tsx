import { t } from '../lib/i18n';
import { detailLabel } from '../lib/i18n/labels';
import type { ConnectionResult as Result } from '../lib/provider/connection-result';

export interface ConnectionResultProps {
  state:
    | { state: 'idle' }
    | { state: 'testing' }
    | { state: 'done'; result: Result }
    | { state: 'error'; message: string };
}

/**
 * The API's own words, under the plain sentence, only when they add something: when the API
 * answered (an HTTP status), or for a failure no sentence describes. A call that never left
 * (no notice accepted, no key, a refused address) or never arrived has one sentence, not two.
 */
export function apiDetail(r: Result): string | null {
  if (r.ok || !r.detail) return null;
  if (r.status !== null) return `HTTP ${r.status} · ${detailLabel(r.detail)}`;
  return r.problem === 'other' ? detailLabel(r.detail) : null;
}

/** What Test connection found: one plain sentence, what to do, and the API's own words. */
export function ConnectionResult({ state: s }: ConnectionResultProps) {
  if (s.state === 'idle') return null;
  if (s.state === 'testing')
    return (
      <p role="status" class="status">
        {t('conn.testing')}
      </p>
    );
  if (s.state === 'error')
    return (
      <p role="alert" class="status error">
        {t('conn.failed', { error: detailLabel(s.message) })}
      </p>
    );
  const r = s.result;
  const key = `conn.problem.${r.problem}` as const;
  const detail = apiDetail(r);
  return (
    <div role={r.ok ? 'status' : 'alert'} class={`status ${r.ok ? 'ok' : 'error'}`}>
      <p>{r.ok ? t('conn.ok', { model: r.model }) : t(key as 'conn.problem.other', { model: r.model })}</p>
      {detail && <p class="small-text">{detail}</p>}
    </div>
  );
}
