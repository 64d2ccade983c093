import { t } from '../lib/i18n';
import { relativeTime } from '../lib/i18n/format';
import { scopeLabel, statusLabel, typeLabel } from '../lib/i18n/labels';
import { isPastPlan } from '../lib/memory/past-plan';
import type { MemoryRecord } from '../lib/memory/types';
import { localDay, shortWhen } from '../lib/memory/when';
import { nowMs } from '../lib/time';

export interface MemoryMetaProps {
  memory: MemoryRecord;
  /** It has earlier versions: the list says what changed it last. */
  changed?: boolean;
  /** The space's name to show (null: none shown, e.g. when the list is one space's). */
  spaceLabel?: string | null;
}

/** What last changed the memory: the user, or the chat its text now comes from. */
function changedBy(m: MemoryRecord): string {
  if (m.origin?.kind === 'hand' || !m.source?.chatId) return t('mem.changedByHand');
  return t('mem.changedBy', { chat: scopeLabel(m.source.site) });
}

/** The day it is about, and "past" once a plan's day is over: a stale plan never reads as upcoming. */
function WhenBadge({ memory }: { memory: MemoryRecord }) {
  const short = memory.when ? shortWhen(memory.when) : '';
  if (!short) return null;
  const past = isPastPlan(memory, localDay(nowMs()));
  return (
    <span class={`badge when${past ? ' past' : ''}`} title={past ? t('mem.pastTitle') : undefined}>
      {t('mem.whenBadge', { date: short })}
      {past && ` · ${t('mem.past')}`}
    </span>
  );
}

/** A memory's facts at a glance: type, pin, importance, where it applies, status, use, age. */
export function MemoryMeta({ memory: m, changed = false, spaceLabel = null }: MemoryMetaProps) {
  return (
    <p class="memory-meta">
      <span class={`badge type-${m.type}`}>{typeLabel(m.type)}</span>
      {m.when && <WhenBadge memory={m} />}
      {m.pinned && (
        <span class="badge pinned" title={t('mem.pinned')}>
          {t('mem.pinnedBadge')}
        </span>
      )}
      <span class="importance" title={t('mem.importance')}>
        {'★'.repeat(m.importance)}
        <span class="visually-hidden">{t('mem.importanceOf', { n: m.importance })}</span>
      </span>
      <span>{scopeLabel(m.scope)}</span>
      {spaceLabel !== null && (
        <span class="badge space" title={t('space.label', { name: spaceLabel })}>
          {spaceLabel}
        </span>
      )}
      {m.status !== 'active' && <span class={`badge status-${m.status}`}>{statusLabel(m.status)}</span>}
      <span>{t('mem.hits', { n: m.hitCount })}</span>
      <span>{relativeTime(m.createdAt)}</span>
      {changed && m.status === 'active' && (
        <span class="changed-by">
          {changedBy(m)} · {relativeTime(m.updatedAt)}
        </span>
      )}
      {m.invisibleRemoved && (
        <span class="badge invisible-removed" title={t('mem.invisible', { n: m.invisibleRemoved })}>
          {t('mem.invisible', { n: m.invisibleRemoved })}
        </span>
      )}
    </p>
  );
}
