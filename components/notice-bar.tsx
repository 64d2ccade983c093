import { t } from '../lib/i18n';

export interface NoticeBarProps {
  notice: { kind: 'info' | 'error'; text: string } | null;
  onDismiss: () => void;
}

export function NoticeBar({ notice, onDismiss }: NoticeBarProps) {
  if (!notice) return null;
  return (
    <div class={`status notice-bar ${notice.kind}`}>
      <p role={notice.kind === 'error' ? 'alert' : 'status'}>{notice.text}</p>
      <button type="button" class="icon-button" onClick={onDismiss} aria-label={t('common.dismiss')}>
        ×
      </button>
    </div>
  );
}
