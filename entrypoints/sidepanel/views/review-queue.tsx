/** Proposals first in the Memories view: accept, edit or reject each, or accept all. */
import { ReviewItem } from '../../../components/review-item';
import { t } from '../../../lib/i18n';
import { byId } from '../models/memories';
import {
  acceptAll,
  acceptEdited,
  acceptOne,
  cancelProposalEdit,
  changeProposalDraft,
  editingProposal,
  proposals,
  rejectOne,
  startProposalEdit,
} from '../models/review';

export function ReviewQueue() {
  const list = proposals.value;
  if (list.length === 0) return null;
  const editing = editingProposal.value;
  return (
    <section class="review-queue" aria-labelledby="review-heading">
      <div class="review-head">
        <h2 id="review-heading">{t('review.heading', { n: list.length })}</h2>
        {list.length > 1 && (
          <button type="button" class="small" onClick={() => void acceptAll()}>
            {t('review.acceptAll', { n: list.length })}
          </button>
        )}
      </div>
      <p class="hint">
        {t('review.explain')} {t('review.keys')}
      </p>
      {list.map((m) => (
        <ReviewItem
          key={m.id}
          proposal={m}
          target={m.proposal?.changes ? (byId.value.get(m.proposal.changes) ?? null) : null}
          draft={editing?.id === m.id ? editing.text : null}
          onAccept={() => void acceptOne(m.id)}
          onEdit={() => startProposalEdit(m)}
          onReject={() => void rejectOne(m.id)}
          onDraft={changeProposalDraft}
          onAcceptEdited={() => void acceptEdited()}
          onCancelEdit={cancelProposalEdit}
        />
      ))}
    </section>
  );
}
