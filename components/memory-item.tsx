import type { ComponentChildren } from 'preact';
import { t } from '../lib/i18n';
import { relativeTime } from '../lib/i18n/format';
import { scopeLabel, statusLabel, typeLabel } from '../lib/i18n/labels';
import type { MemoryRecord } from '../lib/memory/types';
import { MemoryActions } from './memory-actions';

export interface MemoryItemProps {
  memory: MemoryRecord;
  selected: boolean;
  detailsOpen: boolean;
  onSelect: (on: boolean) => void;
  onEdit: () => void;
  onPin: () => void;
  onExpire: () => void;
  onDelete: () => void;
  onDetails: () => void;
  /** The editor (while editing) or the details (when open), rendered under the memory. */
  children?: ComponentChildren;
  editing: boolean;
}

/** One memory: content as a text node (never HTML), its facts at a glance, and its actions. */
export function MemoryItem(props: MemoryItemProps) {
  const { memory: m, editing } = props;
  const contentId = `m-${m.id}-content`;
  return (
    <article class="memory" data-status={m.status} data-pinned={m.pinned} aria-labelledby={contentId}>
      <div class="memory-head">
        <input
          type="checkbox"
          class="memory-select"
          checked={props.selected}
          aria-labelledby={contentId}
          aria-describedby={`${contentId}-sel`}
          onChange={(e) => props.onSelect(e.currentTarget.checked)}
        />
        <span id={`${contentId}-sel`} class="visually-hidden">
          {t('mem.selectHint')}
        </span>
        <p class="memory-content" id={contentId}>
          {m.content}
        </p>
      </div>
      {m.note && !editing && <p class="memory-note">{m.note}</p>}
      <p class="memory-meta">
        <span class={`badge type-${m.type}`}>{typeLabel(m.type)}</span>
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
        {m.status !== 'active' && <span class={`badge status-${m.status}`}>{statusLabel(m.status)}</span>}
        <span>{t('mem.hits', { n: m.hitCount })}</span>
        <span>{relativeTime(m.createdAt)}</span>
      </p>
      {!editing && (
        <MemoryActions
          pinned={m.pinned}
          expired={m.status === 'expired'}
          detailsOpen={props.detailsOpen}
          onEdit={props.onEdit}
          onPin={props.onPin}
          onExpire={props.onExpire}
          onDelete={props.onDelete}
          onDetails={props.onDetails}
        />
      )}
      {props.children}
    </article>
  );
}
