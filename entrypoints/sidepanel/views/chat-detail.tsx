/** One chat opened from the Chats view: its turns, and what can be done with it. */
import { useState } from 'preact/hooks';
import { t } from '../../../lib/i18n';
import { shortDate } from '../../../lib/i18n/format';
import type { Chat } from '../../../lib/memory/types';
import { isSiteId, SITE_LABELS } from '../../../lib/sites/ids';
import { chatUrlOn } from '../../../lib/sites/urls';
import { closeChat, copyOpened, deleteOpened, exportOpened, extractOpened, forgetOpened } from '../models/chats';

export interface ChatDetailProps {
  chat: Chat;
}

export function ChatDetail({ chat }: ChatDetailProps) {
  const [confirming, setConfirming] = useState(false);
  const url = chatUrlOn(chat.site, chat.url);
  return (
    <article class="chat-detail" aria-labelledby="chat-title">
      <button type="button" class="small link" onClick={closeChat}>
        ← {t('chats.back')}
      </button>
      <h2 id="chat-title">{chat.title || chat.conversationId}</h2>
      <p class="muted">
        {isSiteId(chat.site) ? SITE_LABELS[chat.site] : chat.site} · {shortDate(chat.updatedAt)} ·{' '}
        {t('chats.turns', { n: chat.turns.length })}
        {chat.origin === 'imported' && ` · ${t('chats.imported')}`}
      </p>
      <div class="chat-actions">
        {url && (
          <a class="button small" href={url} target="_blank" rel="noopener noreferrer">
            {t('chats.openOnSite')}
          </a>
        )}
        <button type="button" class="small" onClick={() => void extractOpened()}>
          {t('chats.extractNow')}
        </button>
        <button type="button" class="small" onClick={() => void copyOpened()}>
          {t('chats.copy')}
        </button>
        <button type="button" class="small" onClick={exportOpened}>
          {t('chats.export')}
        </button>
        <button type="button" class="small" onClick={() => void forgetOpened()}>
          {t('chats.dontRemember')}
        </button>
        <button type="button" class="small danger" onClick={() => setConfirming(true)}>
          {t('chats.delete')}
        </button>
      </div>
      {confirming && (
        <div class="status" role="alertdialog" aria-label={t('chats.delete')}>
          <p>{t('chats.deleteConfirm')}</p>
          <button type="button" class="small danger" onClick={() => void deleteOpened()}>
            {t('chats.delete')}
          </button>{' '}
          <button type="button" class="small" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </button>
        </div>
      )}
      <ol class="chat-turns">
        {chat.turns.map((turn, i) => (
          // A chat's turns are in order and only grow: the position is the turn's identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={i} class={`turn turn-${turn.role}`}>
            <h3 class="turn-who">
              {turn.role === 'user' ? t('chats.you') : t('chats.assistant')}
              {turn.model && <span class="muted"> · {turn.model}</span>}
            </h3>
            <p class="turn-text">{turn.text}</p>
          </li>
        ))}
      </ol>
    </article>
  );
}
