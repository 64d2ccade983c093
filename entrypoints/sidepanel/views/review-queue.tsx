/**
 * Proposals first in the Memories view, folded to one line ("2 memories wait for your review ·
 * Review") so the memories stay on the first screen; opened, accept, edit or reject each, or
 * accept all.
 */
import { FoldCard } from '../../../components/fold-card';
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
    <FoldCard id="review" class="review-queue" title={t('review.waiting', { n: list.length })} line={t('review.open')}>
      <div class="review-head">
        <p class="field-hint">
          {t('review.explain')} {t('review.keys')}
        </p>
        {list.length > 1 && (
          <button type="button" class="small" onClick={() => void acceptAll()}>
            {t('review.acceptAll', { n: list.length })}
          </button>
        )}
      </div>
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
    </FoldCard>
  );
}
