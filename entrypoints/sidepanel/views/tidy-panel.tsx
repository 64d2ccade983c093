/** Tidy up in the Memories view: the estimate first, then the proposals to accept or reject. */
import { TidyProposal } from '../../../components/tidy-proposal';
import { t } from '../../../lib/i18n';
import { money, number } from '../../../lib/i18n/format';
import { keyMissing } from '../models/settings';
import {
  acceptTidy,
  acceptTidyEdited,
  cancelTidyEdit,
  changeTidyDraft,
  closeTidy,
  openProposals,
  rejectTidy,
  runTidy,
  shownProposals,
  startTidyEdit,
  tidyChecked,
  tidyEditing,
  tidyEstimate,
  tidyOpen,
  tidyResult,
  toggleTidyChecked,
  undoTidy,
} from '../models/tidy';
import { busy } from '../models/work';

function EstimateLines() {
  const e = tidyEstimate.value;
  if (!e) return null;
  if (e.groups === 0) return <p>{t('tidy.none', { n: number(e.memories) })}</p>;
  const tokens = number(e.inputTokens + e.outputTokens);
  const waiting = shownProposals.value.filter((p) => p.row.state === 'open').length;
  return (
    <>
      <p>{t('tidy.found', { n: e.groups, m: number(e.memories) })}</p>
      {e.tooLarge > 0 && <p class="field-hint">{t('tidy.tooLarge', { n: e.tooLarge })}</p>}
      {keyMissing.value ? (
        <p class="field-hint">{t('tidy.needsKey')}</p>
      ) : (
        <p class="field-hint tidy-cost">
          {e.cost.known
            ? t('tidy.cost', { tokens, cost: money(e.cost.amount, e.cost.currency), calls: e.calls })
            : t('tidy.costTokens', { tokens, calls: e.calls })}
        </p>
      )}
      {e.cap > 0 && <p class="field-hint">{t('tidy.cap', { used: number(e.usedToday), cap: number(e.cap) })}</p>}
      {e.cap > 0 && e.usedToday + e.inputTokens + e.outputTokens > e.cap && (
        <p class="field-hint tidy-stale">{t('tidy.capShort', { left: number(Math.max(0, e.cap - e.usedToday)) })}</p>
      )}
      {waiting > 0 && <p class="field-hint">{t('tidy.replaces', { n: waiting })}</p>}
      {!keyMissing.value && (
        <button type="button" class="primary" disabled={busy('tidy')} onClick={() => void runTidy()}>
          {t('tidy.start')}
        </button>
      )}
    </>
  );
}

function RunSummary() {
  const r = tidyResult.value;
  if (!r) return null;
  const lines = [
    r.stopped === 'cap' ? t('tidy.stoppedCap', { done: r.callsDone, calls: r.calls }) : '',
    r.stopped === 'cancelled' ? t('tidy.stoppedCancel', { done: r.callsDone, calls: r.calls }) : '',
    t('tidy.done', { n: r.proposals }),
    r.keptAll > 0 ? t('tidy.keptAll', { n: r.keptAll }) : '',
    r.failedCalls > 0 ? t('tidy.failed', { n: r.failedCalls }) : '',
    r.foreignIds > 0 ? t('tidy.dropped', { n: r.foreignIds }) : '',
    r.privacyDropped > 0 ? t('tidy.private', { n: r.privacyDropped }) : '',
  ].filter(Boolean);
  return (
    <p class="tidy-summary" role="status">
      {lines.join(' ')}
    </p>
  );
}

function Proposals() {
  const shown = shownProposals.value;
  if (shown.length === 0) return null;
  const open = openProposals.value;
  const checked = [...tidyChecked.value];
  const guarded = open.filter((p) => p.protected).length;
  return (
    <>
      <p class="field-hint">{t('tidy.explain')}</p>
      {open.length > 0 && (
        <div class="tidy-actions">
          <button
            type="button"
            class="small primary"
            disabled={checked.length === 0}
            onClick={() => void acceptTidy(checked)}
          >
            {t('tidy.acceptSelected', { n: checked.length })}
          </button>
          <button type="button" class="small" disabled={checked.length === 0} onClick={() => void rejectTidy(checked)}>
            {t('tidy.rejectSelected', { n: checked.length })}
          </button>
          <button type="button" class="small" onClick={() => void acceptTidy(open.map((p) => p.row.id))}>
            {t('tidy.acceptAll', { n: open.length })}
          </button>
          {guarded > 0 && <p class="field-hint tidy-guarded">{t('tidy.allProtected', { n: guarded })}</p>}
        </div>
      )}
      <section class="tidy-list" aria-label={t('tidy.listLabel')}>
        {shown.map((p) => (
          <TidyProposal
            key={p.row.id}
            row={p.row}
            stale={p.stale}
            protected={p.protected}
            checked={tidyChecked.value.has(p.row.id)}
            draft={tidyEditing.value?.id === p.row.id ? tidyEditing.value.text : null}
            onCheck={(on) => toggleTidyChecked(p.row.id, on)}
            onEdit={() => startTidyEdit(p.row)}
            onDraft={changeTidyDraft}
            onAcceptEdited={() => void acceptTidyEdited()}
            onCancelEdit={cancelTidyEdit}
            onAccept={() => void acceptTidy([p.row.id])}
            onReject={() => void rejectTidy([p.row.id])}
            onUndo={() => void undoTidy(p.row.id)}
          />
        ))}
      </section>
    </>
  );
}

export function TidyPanel() {
  if (!tidyOpen.value) return null;
  return (
    <section class="tidy-panel" aria-labelledby="tidy-title">
      <h2 id="tidy-title" class="form-title">
        {t('tidy.title')}
      </h2>
      <EstimateLines />
      <RunSummary />
      <Proposals />
      <div class="form-actions">
        <button type="button" disabled={busy('tidy')} onClick={closeTidy}>
          {t('tidy.close')}
        </button>
      </div>
    </section>
  );
}
