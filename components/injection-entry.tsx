import { t } from '../lib/i18n';
import { dateTime, relativeTime } from '../lib/i18n/format';
import { scopeLabel } from '../lib/i18n/labels';
import type { Injection, MemoryRecord } from '../lib/memory/types';
import { InjectionItem } from './injection-item';

export interface InjectionEntryProps {
  injection: Injection;
  draftStart: string;
  /** The name of the chat's space when the block was made (absent: no space). */
  spaceName?: string;
  memories: ReadonlyMap<string, MemoryRecord>;
  open: boolean;
  onToggle: () => void;
  onWrong: (memoryId: string, action: 'demote' | 'delete') => void;
  /** Why a memory went in for this request, in a sentence. */
  whyOf?: (memory: MemoryRecord, item: Injection['items'][number]) => string;
}

/** One injection: when, where, the draft's first words, and (opened) each memory and why. */
export function InjectionEntry({
  injection: inj,
  draftStart,
  spaceName,
  memories,
  open,
  onToggle,
  onWrong,
  whyOf,
}: InjectionEntryProps) {
  const whyFor = (item: Injection['items'][number]) => {
    const memory = memories.get(item.memoryId);
    return memory && whyOf ? whyOf(memory, item) : undefined;
  };
  return (
    <li class="entry">
      <button type="button" class="entry-head" aria-expanded={open} onClick={onToggle}>
        <span class="entry-when" title={dateTime(inj.at)}>
          {relativeTime(inj.at)} · {scopeLabel(inj.site)}
        </span>
        <span class="entry-draft">“{draftStart}”</span>
        <span class="memory-meta">
          <span>{t('activity.memories', { n: inj.items.length })}</span>
          <span>{t('usage.tokens', { n: inj.tokens })}</span>
          {spaceName && <span>{t('activity.space', { space: spaceName })}</span>}
          {inj.feedback === 'wrong' && <span class="badge status-expired">{t('activity.markedWrong')}</span>}
        </span>
        {inj.miss && (
          <span class="entry-miss">{t(inj.miss.carried ? 'activity.lateCarried' : 'activity.lateMissed')}</span>
        )}
      </button>
      {open && inj.pastChats && inj.pastChats.length > 0 && (
        <ul class="entry-items" aria-label={t('activity.pastChats')}>
          {inj.pastChats.map((u) => (
            <li key={`${u.chatId}-${u.coverage}`}>
              {t(u.why === 'continuation' ? 'activity.pastChatContinued' : 'activity.pastChatMatched', {
                title: u.title || u.chatId,
                site: scopeLabel(u.site),
                share: Math.round(u.coverage * 100),
              })}
            </li>
          ))}
        </ul>
      )}
      {open && (
        <ul class="entry-items" aria-label={t('activity.itemsLabel')}>
          {inj.items.map((item) => (
            <InjectionItem
              key={item.memoryId}
              memory={memories.get(item.memoryId)}
              why={whyFor(item)}
              score={item.score}
              parts={item.parts}
              onWrong={(action) => onWrong(item.memoryId, action)}
            />
          ))}
        </ul>
      )}
    </li>
  );
}
