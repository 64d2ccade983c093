import { t } from '../lib/i18n';
import { dateTime } from '../lib/i18n/format';

export interface IncidentBannerProps {
  incident: { at: string; restoredFrom: string | null };
  onDismiss: () => void;
}

/** Says plainly that the store was rebuilt at start-up, and from which backup. */
export function IncidentBanner({ incident, onDismiss }: IncidentBannerProps) {
  return (
    <div class="status error" role="alert">
      <p>
        {incident.restoredFrom
          ? t('store.incident', { when: dateTime(incident.at), from: dateTime(incident.restoredFrom) })
          : t('store.incidentNoBackup', { when: dateTime(incident.at) })}
      </p>
      <button type="button" class="small" onClick={onDismiss}>
        {t('store.incidentDismiss')}
      </button>
    </div>
  );
}
