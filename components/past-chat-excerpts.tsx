import { t } from '../lib/i18n';
import { shortDate } from '../lib/i18n/format';
import { SITE_LABELS, type SiteId } from '../lib/sites/ids';

export interface PastChatExcerptsProps {
  excerpts: readonly { chatId: string; site: SiteId; title: string; date: string; text: string; why: string }[];
  /** Leaves this chat out of the tab's next message (its excerpt disappears from the preview). */
  onRemove: (chatId: string) => void;
}

/** The past chats' excerpts the next message would carry, each with a remove button. */
export function PastChatExcerpts({ excerpts, onRemove }: PastChatExcerptsProps) {
  return (
    <section aria-label={t('tab.pastChats')}>
      <h4>{t('tab.pastChats')}</h4>
      <ul class="preview-list">
        {excerpts.map((e) => (
          <li key={e.chatId}>
            <div class="preview-head">
              <p class="muted" id={`pc-${e.chatId}`}>
                {SITE_LABELS[e.site]} · {shortDate(e.date)} · “{e.title || t('tab.pastChatUntitled')}”
                {e.why === 'continuation' ? ` · ${t('tab.pastChatContinuation')}` : ''}
                {e.why === 'window' ? ` · ${t('tab.pastChatWindow')}` : ''}
              </p>
              <button type="button" aria-describedby={`pc-${e.chatId}`} onClick={() => onRemove(e.chatId)}>
                {t('tab.pastChatRemove')}
              </button>
            </div>
            <p class="memory-content excerpt-text">{e.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
