import { t } from '../lib/i18n';

export interface MemoryActionsProps {
  pinned: boolean;
  expired: boolean;
  /** False on a proposal: it is accepted or rejected in the review list, not expired. */
  expirable: boolean;
  detailsOpen: boolean;
  onEdit: () => void;
  onPin: () => void;
  onExpire: () => void;
  onDelete: () => void;
  onDetails: () => void;
}

/** A memory's actions; Pin reads Unpin on a pinned memory (the button says what it will do). */
export function MemoryActions(p: MemoryActionsProps) {
  return (
    <div class="memory-actions">
      <button type="button" class="small" onClick={p.onEdit}>
        {t('mem.edit')}
      </button>
      <button type="button" class="small" onClick={p.onPin}>
        {p.pinned ? t('mem.unpin') : t('mem.pin')}
      </button>
      {p.expirable && (
        <button type="button" class="small" onClick={p.onExpire}>
          {p.expired ? t('mem.reactivate') : t('mem.expire')}
        </button>
      )}
      <button type="button" class="small danger" onClick={p.onDelete}>
        {t('mem.delete')}
      </button>
      <button type="button" class="small" aria-expanded={p.detailsOpen} onClick={p.onDetails}>
        {t('mem.details')}
      </button>
    </div>
  );
}
