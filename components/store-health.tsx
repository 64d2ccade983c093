import { t } from '../lib/i18n';
import { bytes, relativeTime } from '../lib/i18n/format';
import type { ResponseOf } from '../lib/protocol';
import { SettingsSection } from './settings-section';

type StoreStatus = ResponseOf<'store.status'>;
type QuarantineItem = ResponseOf<'quarantine.list'>[number];

export interface StoreHealthProps {
  status: StoreStatus | null;
  quarantine: readonly QuarantineItem[];
  onRunMaintenance: () => void;
}

/** Settings → Store health: size, counts, records set aside, the last tidy-up. */
export function StoreHealth({ status, quarantine, onRunMaintenance }: StoreHealthProps) {
  if (!status) return null;
  const m = status.lastMaintenance;
  return (
    <SettingsSection id="set-store" title={t('store.title')}>
      <p class="field-hint">{t('store.hint')}</p>
      <p>
        {status.usageBytes !== null && status.quotaBytes !== null
          ? t('store.size', { used: bytes(status.usageBytes), quota: bytes(status.quotaBytes) })
          : t('store.sizeUnknown')}{' '}
        {t('store.counts', { memories: status.memories, chats: status.chats })}
      </p>
      <p>{quarantine.length ? t('store.quarantined', { n: quarantine.length }) : t('store.quarantineNone')}</p>
      {quarantine.length > 0 && (
        <ul class="quarantine-list" aria-label={t('store.quarantined', { n: quarantine.length })}>
          {quarantine.map((q) => (
            <li key={q.id}>
              <code>{q.id}</code> <span class="muted">{q.reason}</span>
            </li>
          ))}
        </ul>
      )}
      {m && (
        <p class="muted">
          {t('store.lastMaintenance', {
            when: relativeTime(m.at),
            archived: m.archivedTasks,
            purged: m.purgedSuperseded,
            dropped: m.droppedTranscripts,
          })}
        </p>
      )}
      <button type="button" onClick={onRunMaintenance}>
        {t('store.runMaintenance')}
      </button>
    </SettingsSection>
  );
}
