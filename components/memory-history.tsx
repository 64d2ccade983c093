import { t } from '../lib/i18n';
import { dateTime } from '../lib/i18n/format';
import type { MemoryRecord } from '../lib/memory/types';

export interface MemoryHistoryProps {
  /** Older memories this one replaced. */
  replaces: readonly MemoryRecord[];
  /** Set when a newer memory replaced this one; `replacedBy` is null if that one is gone. */
  supersededBy: string | null;
  replacedBy: MemoryRecord | null;
}

/** What this memory superseded, and what superseded it. */
export function MemoryHistory({ replaces, supersededBy, replacedBy }: MemoryHistoryProps) {
  if (replaces.length === 0 && !supersededBy) return <>{t('mem.noHistory')}</>;
  return (
    <>
      {replaces.map((old) => (
        <p key={old.id} class="history-line">
          {t('mem.replaced', { date: dateTime(old.updatedAt) })} <q>{old.content}</q>
        </p>
      ))}
      {supersededBy && (
        <p class="history-line">
          {t('mem.replacedBy')} {replacedBy ? <q>{replacedBy.content}</q> : t('mem.goneNow')}
        </p>
      )}
    </>
  );
}
