import { t } from '../lib/i18n';

/** The text of a proposal edited in place, then accepted as the user's own, or the edit dropped. */
export function ProposalEditForm(p: {
  id: string;
  label: string;
  /** The label is read out but not shown (the proposal's text already sits above the box). */
  labelHidden?: boolean;
  acceptLabel: string;
  draft: string;
  onDraft: (text: string) => void;
  onAccept: () => void;
  onCancel: () => void;
}) {
  return (
    <form
      class="proposal-edit"
      onSubmit={(e) => {
        e.preventDefault();
        p.onAccept();
      }}
    >
      <label class={p.labelHidden ? 'visually-hidden' : undefined} for={p.id}>
        {p.label}
      </label>
      <textarea id={p.id} value={p.draft} rows={3} onInput={(e) => p.onDraft(e.currentTarget.value)} />
      <div class="memory-actions">
        <button type="submit" class="small primary" disabled={p.draft.trim() === ''}>
          {p.acceptLabel}
        </button>
        <button type="button" class="small" onClick={p.onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
