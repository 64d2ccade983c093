import { t } from '../lib/i18n';
import type { MemoryRecord } from '../lib/memory/types';
import { ProposalEditForm } from './proposal-edit-form';

export interface ReviewItemProps {
  proposal: MemoryRecord;
  /** The memory this proposal would change, when it names one (null: gone since). */
  target: MemoryRecord | null;
  /** The text being edited, or null when not editing. */
  draft: string | null;
  onAccept: () => void;
  onEdit: () => void;
  onReject: () => void;
  onDraft: (text: string) => void;
  onAcceptEdited: () => void;
  onCancelEdit: () => void;
}

/**
 * One proposal: its text (a text node, never HTML), why it waits, what it would change, and
 * accept / edit / reject, one key each (A, E, R) while the proposal has focus.
 */
export function ReviewItem(p: ReviewItemProps) {
  const m = p.proposal;
  const textId = `proposal-${m.id}`;
  const onKeyDown = (e: KeyboardEvent) => {
    if (p.draft !== null || e.altKey || e.ctrlKey || e.metaKey || e.target !== e.currentTarget) return;
    const action = { a: p.onAccept, e: p.onEdit, r: p.onReject }[e.key.toLowerCase()];
    if (!action) return;
    e.preventDefault();
    action();
  };
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the proposal takes focus for its one-key actions (A, E, R)
    <article class="proposal" tabIndex={0} aria-labelledby={textId} onKeyDown={onKeyDown}>
      <p class="memory-content" id={textId}>
        {m.content}
      </p>
      {p.target !== undefined && m.proposal?.changes && (
        <p class="proposal-changes">
          {t('review.changes')} {p.target ? <q>{p.target.content}</q> : t('review.changesGone')}
        </p>
      )}
      <p class="proposal-reasons">
        {(m.proposal?.reasons ?? []).map((r) => (
          <span key={r} class="badge reason">
            {t(`review.reason.${r}`)}
          </span>
        ))}
      </p>
      {p.draft === null ? (
        <div class="memory-actions">
          <button type="button" class="small primary" aria-keyshortcuts="A" onClick={p.onAccept}>
            {t('review.accept')}
          </button>
          <button type="button" class="small" aria-keyshortcuts="E" onClick={p.onEdit}>
            {t('review.edit')}
          </button>
          <button type="button" class="small danger" aria-keyshortcuts="R" onClick={p.onReject}>
            {t('review.reject')}
          </button>
        </div>
      ) : (
        <ProposalEditForm
          id={`${textId}-edit`}
          label={t('mem.content')}
          labelHidden
          acceptLabel={t('review.acceptEdited')}
          draft={p.draft}
          onDraft={p.onDraft}
          onAccept={p.onAcceptEdited}
          onCancel={p.onCancelEdit}
        />
      )}
    </article>
  );
}
