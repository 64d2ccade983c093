import type { ComponentChildren } from 'preact';
import { t } from '../lib/i18n';
import type { MemoryRecord } from '../lib/memory/types';
import { MemoryActions } from './memory-actions';
import { MemoryMeta } from './memory-meta';

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
  /** It has earlier versions (shown as "changed by …"). */
  changed?: boolean;
  /** Its space's name, when the list shows it. */
  spaceLabel?: string | null;
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
      <MemoryMeta memory={m} changed={props.changed ?? false} spaceLabel={props.spaceLabel ?? null} />
      {!editing && (
        <MemoryActions
          pinned={m.pinned}
          expired={m.status === 'expired'}
          expirable={m.status !== 'proposed'}
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
