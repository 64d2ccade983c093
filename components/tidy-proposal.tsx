import { t } from '../lib/i18n';
import { shortDate } from '../lib/i18n/format';
import type { MemoryRecord } from '../lib/memory/types';
import type { TidyProposalRow } from '../lib/tidy/proposal';
import { ProposalEditForm } from './proposal-edit-form';

export interface TidyProposalProps {
  row: TidyProposalRow;
  stale: boolean;
  /** Accepting changes a pinned or hand-edited memory. */
  protected: boolean;
  checked: boolean;
  /** The merged text being edited, or null when not editing. */
  draft: string | null;
  onCheck: (on: boolean) => void;
  onEdit: () => void;
  onDraft: (text: string) => void;
  onAcceptEdited: () => void;
  onCancelEdit: () => void;
  onAccept: () => void;
  onReject: () => void;
  onUndo: () => void;
}

function Note({ m }: { m: MemoryRecord }) {
  return (
    <li>
      <span class="tidy-text">{m.content}</span>{' '}
      <span class="tidy-meta">
        {shortDate(m.updatedAt)}
        {m.pinned && <span class="badge pinned">{t('tidy.pinned')}</span>}
        {m.origin?.kind === 'hand' && <span class="badge">{t('tidy.hand')}</span>}
      </span>
    </li>
  );
}

/** What the memories look like once the proposal is accepted (texts as text nodes, never HTML). */
function After({ row }: { row: TidyProposalRow }) {
  const of = (ids: readonly string[]) => row.before.filter((m) => ids.includes(m.id));
  const touched = new Set([...row.affectedIds, ...(row.keepId ? [row.keepId] : [])]);
  const untouched = row.before.filter((m) => !touched.has(m.id));
  const keep = row.keepId ? row.before.find((m) => m.id === row.keepId) : undefined;
  return (
    <div class="tidy-after">
      {row.action === 'merge' && <p class="tidy-result">{row.text}</p>}
      {row.action === 'keep-newer' && keep && <p class="tidy-result">{keep.content}</p>}
      <p class="tidy-label">{t(`tidy.after.${row.action}`)}</p>
      <ul class="tidy-notes gone">
        {of(row.action === 'merge' ? row.affectedIds.concat(row.keepId ?? []) : row.affectedIds).map((m) => (
          <Note key={m.id} m={m} />
        ))}
      </ul>
      {untouched.length > 0 && (
        <>
          <p class="tidy-label">{t('tidy.after.unchanged')}</p>
          <ul class="tidy-notes">
            {untouched.map((m) => (
              <Note key={m.id} m={m} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** One tidy-up proposal: the group before, the result after, why, and accept / reject (or undo). */
export function TidyProposal(p: TidyProposalProps) {
  const { row } = p;
  const titleId = `tidy-${row.id}`;
  const open = row.state === 'open';
  return (
    <article class={`tidy-proposal${p.stale ? ' stale' : ''}`} aria-labelledby={titleId}>
      <div class="tidy-head">
        {open && !p.stale && (
          <input
            type="checkbox"
            id={`${titleId}-check`}
            checked={p.checked}
            aria-label={t('tidy.select')}
            onChange={(e) => p.onCheck(e.currentTarget.checked)}
          />
        )}
        <h3 id={titleId}>
          {t(`tidy.action.${row.action}`)} <span class="tidy-kind">· {t(`tidy.kind.${row.kind}`)}</span>
        </h3>
        {p.protected && <span class="badge protected">{t('tidy.protected')}</span>}
      </div>
      <p class="tidy-label">{t('tidy.before')}</p>
      <ul class="tidy-notes">
        {row.before.map((m) => (
          <Note key={m.id} m={m} />
        ))}
      </ul>
      <p class="tidy-label">{t('tidy.after')}</p>
      <After row={row} />
      {row.reason && (
        <p class="tidy-why">
          {t('tidy.why')} {row.reason}
        </p>
      )}
      {p.stale && <p class="tidy-stale">{t('tidy.stale')}</p>}
      {p.draft !== null && (
        <ProposalEditForm
          id={`${titleId}-edit`}
          label={t('tidy.editLabel')}
          acceptLabel={t('tidy.acceptEdited')}
          draft={p.draft}
          onDraft={p.onDraft}
          onAccept={p.onAcceptEdited}
          onCancel={p.onCancelEdit}
        />
      )}
      <div class="memory-actions" hidden={p.draft !== null}>
        {open && !p.stale && (
          <button type="button" class="small primary" onClick={p.onAccept}>
            {t('tidy.accept')}
          </button>
        )}
        {open && !p.stale && row.action === 'merge' && (
          <button type="button" class="small" onClick={p.onEdit}>
            {t('tidy.edit')}
          </button>
        )}
        {open && (
          <button type="button" class="small danger" onClick={p.onReject}>
            {t('tidy.reject')}
          </button>
        )}
        {row.state === 'accepted' && (
          <>
            <span class="badge">{t('tidy.accepted')}</span>
            <button type="button" class="small" onClick={p.onUndo}>
              {t('undo.undo')}
            </button>
          </>
        )}
      </div>
    </article>
  );
}
