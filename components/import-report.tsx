import { t } from '../lib/i18n';
import { type KeptApart, keptApartText } from '../lib/i18n/labels';

export interface ImportReportProps {
  last:
    | {
        file: string;
        report: { added: number; updated: number; skipped: number; chats: number; keptApart?: KeptApart[] };
      }
    | { file: string; error: string }
    | null;
}

/** The result of the last import, kept in view after the notice goes away. */
export function ImportReport({ last }: ImportReportProps) {
  if (!last) return null;
  if ('error' in last)
    return (
      <div class="import-report error" role="alert">
        <strong>{last.file}</strong>: {t('transfer.nothingChanged')} {last.error}
      </div>
    );
  const r = last.report;
  return (
    <dl class="import-report">
      <dt>{last.file}</dt>
      <dd>{t('transfer.report', { added: r.added, updated: r.updated, skipped: r.skipped, chats: r.chats })}</dd>
      {r.keptApart?.length ? <dd>{keptApartText(r.keptApart)}</dd> : null}
    </dl>
  );
}
