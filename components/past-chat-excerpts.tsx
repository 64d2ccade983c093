import { t } from '../lib/i18n';
import { shortDate } from '../lib/i18n/format';
import { SITE_LABELS, type SiteId } from '../lib/sites/ids';

export interface PastChatExcerptsProps {
  excerpts: readonly {
    /** The excerpt's own id: removing it leaves the chat's other excerpt in. */
    key: string;
    chatId: string;
    site: SiteId;
    title: string;
    date: string;
    text: string;
    why: string;
    coverage: number;
  }[];
  /** Leaves this excerpt out of the tab's next message (it disappears from the preview). */
  onRemove: (key: string) => void;
}

/** An excerpt's lines start "User: " or "Assistant: " (lib/history/excerpts.ts): named in the panel's language. */
const ROLE = /^(User|Assistant): /;

function ExcerptText({ text }: { text: string }) {
  return (
    <div class="memory-content excerpt-text">
      {text.split('\n').map((line, i) => {
        const role = ROLE.exec(line);
        const who = role ? t(role[1] === 'User' ? 'tab.excerptUser' : 'tab.excerptAssistant') : '';
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: an excerpt's lines are fixed; their order is their identity.
          <p key={i}>
            {role ? (
              <>
                <span class="excerpt-role">{who}</span>
                {/* A full-width colon carries its own space. */}
                {who.endsWith('：') ? '' : ' '}
                {line.slice(role[0].length)}
              </>
            ) : (
              line
            )}
          </p>
        );
      })}
    </div>
  );
}

/** The past chats' excerpts the next message would carry, each with why and a remove button. */
export function PastChatExcerpts({ excerpts, onRemove }: PastChatExcerptsProps) {
  return (
    <section aria-label={t('tab.pastChats')}>
      <h4>{t('tab.pastChats')}</h4>
      <ul class="preview-list">
        {excerpts.map((e) => (
          <li key={e.key}>
            <div class="preview-head">
              <p class="muted" id={`pc-${e.key}`}>
                {SITE_LABELS[e.site]} · {shortDate(e.date)} · “{e.title || t('tab.pastChatUntitled')}”
              </p>
              <button type="button" aria-describedby={`pc-${e.key}`} onClick={() => onRemove(e.key)}>
                {t('tab.pastChatRemove')}
              </button>
            </div>
            <p class="why-line">
              {e.why === 'continuation'
                ? t('tab.pastChatContinuation')
                : e.why === 'window'
                  ? t('tab.pastChatWindow')
                  : t('tab.pastChatMatch', { share: Math.round(e.coverage * 100) })}
            </p>
            <ExcerptText text={e.text} />
          </li>
        ))}
      </ul>
    </section>
  );
}
