/**
 * The picking bar of the Chats view and, once asked for, the estimate of the picked chats:
 * chats, calls, tokens and price, what today's cap leaves room for, chats extracted before
 * (skipped or extracted again), and only then the button that queues them.
 */
import { type BatchEstimate, MAX_BATCH_CHATS } from '../../../lib/extraction/batch-schemas';
import { t } from '../../../lib/i18n';
import { money, number } from '../../../lib/i18n/format';
import { filters, results, total } from '../models/chats';
import {
  askEstimate,
  clearPicks,
  closeEstimate,
  confirmBatch,
  estimate,
  estimating,
  pickAll,
  picked,
  pickFiltered,
  reextract,
  setReextract,
} from '../models/extract-batch';
import { saved } from '../models/settings';

export interface PickBarProps {
  /** Chat ids shown now (the search results, or the loaded rows of the list). */
  shown: readonly string[];
}

export function PickBar({ shown }: PickBarProps) {
  const count = picked.value.size;
  const searching = results.value !== null;
  return (
    <div class="pick-bar" role="toolbar" aria-label={t('batch.extract')}>
      <span class="muted small-text" aria-live="polite">
        {count > 0 ? t('batch.picked', { n: count }) : ''}
      </span>
      {searching ? (
        <button type="button" class="small" disabled={shown.length === 0} onClick={() => pickAll(shown)}>
          {t('batch.pickShown')}
        </button>
      ) : (
        <button type="button" class="small" disabled={total.value === 0} onClick={() => void pickFiltered(filters())}>
          {t('batch.pickFiltered', { n: total.value })}
        </button>
      )}
      {count > 0 && (
        <button type="button" class="small" onClick={clearPicks}>
          {t('batch.clear')}
        </button>
      )}
      {/* Offered once there is something picked: one row above the chats until then. */}
      {count > 0 && (
        <button
          type="button"
          class="small primary"
          disabled={count > MAX_BATCH_CHATS || estimating.value}
          onClick={() => void askEstimate()}
        >
          {t('batch.extract')}
        </button>
      )}
      {count > MAX_BATCH_CHATS && (
        <span class="field-hint">{t('batch.tooMany', { max: number(MAX_BATCH_CHATS) })}</span>
      )}
    </div>
  );
}

function CapLine({ e }: { e: BatchEstimate }) {
  if (e.dailyTokenCap === 0) return <p>{t('batch.capNone')}</p>;
  const vars = { used: number(e.usedToday), cap: number(e.dailyTokenCap), fit: number(e.fitToday) };
  return <p>{t(e.fitToday >= e.chats ? 'batch.capAll' : 'batch.capFit', vars)}</p>;
}

function EstimateBody({ e }: { e: BatchEstimate }) {
  const model = saved.value?.model ?? '';
  return (
    <>
      <p>{t('batch.estimateChats', { n: e.chats })}</p>
      <p>
        {t('batch.estimateCalls', { calls: e.calls, input: number(e.inputTokens), output: number(e.outputTokens) })}
      </p>
      <p>
        {e.cost.known
          ? t('batch.estimatePrice', { price: money(e.cost.amount, e.cost.currency), model })
          : t('batch.estimateNoPrice', { model })}
      </p>
      <CapLine e={e} />
      {e.unavailable > 0 && <p class="field-hint">{t('batch.unavailable', { n: e.unavailable })}</p>}
    </>
  );
}

/** Shown while an estimate is asked for or open; nothing is queued until Confirm. */
export function EstimatePanel() {
  const e = estimate.value;
  if (!e && !estimating.value) return null;
  const already = e ? e.alreadyExtracted : 0;
  return (
    <section class="batch-estimate status" aria-labelledby="batch-estimate-title" aria-busy={estimating.value}>
      <h2 id="batch-estimate-title" class="form-title">
        {t('batch.estimateTitle')}
      </h2>
      {!e ? (
        <p aria-live="polite">{t('batch.estimating')}</p>
      ) : (
        <>
          <EstimateBody e={e} />
          {(already > 0 || reextract.value) && (
            <fieldset class="field">
              <legend class="field-hint">{t('batch.already', { n: already })}</legend>
              <label>
                <input
                  type="checkbox"
                  checked={reextract.value}
                  onChange={(ev) => setReextract(ev.currentTarget.checked)}
                />{' '}
                {t('batch.reextract')}
              </label>
              {!reextract.value && <span class="muted small-text"> {t('batch.skipAlready')}</span>}
            </fieldset>
          )}
          <p class="field-hint">{t('batch.proposedNote')}</p>
          {e.chats === 0 && <p>{t('batch.nothing')}</p>}
        </>
      )}
      <div class="form-actions">
        {e && e.chats > 0 && (
          <button type="button" class="primary" disabled={estimating.value} onClick={() => void confirmBatch()}>
            {t('batch.confirm', { n: e.chats })}
          </button>
        )}
        <button type="button" onClick={closeEstimate}>
          {t('common.cancel')}
        </button>
      </div>
    </section>
  );
}
