/** "Bring in memories": source, preview with per-item choices, model refinement and commit. */
import { BringInList } from '../../../components/bring-in-list';
import { BringInSource } from '../../../components/bring-in-source';
import { t } from '../../../lib/i18n';
import { money, number } from '../../../lib/i18n/format';
import {
  bringOpen,
  closeBringIn,
  commitBringIn,
  editItem,
  items,
  PREVIEW_PAGE,
  pasted,
  price,
  readError,
  readFile,
  readPaste,
  refine,
  refineEstimate,
  selectAll,
  selected,
  showMoreRows,
  shownRows,
  source,
} from '../models/bring-in';
import { byId } from '../models/memories';
import { keyMissing } from '../models/settings';
import { busy } from '../models/work';

function RefineRow() {
  const est = refineEstimate.value;
  const tokens = est.inputTokens + est.outputTokens;
  const p = price.value;
  const n = Math.min(items.value.length, 300);
  // In the provider's own currency; an unknown price shows tokens only.
  const amount = p?.known ? (est.inputTokens * p.inputPerMTok + est.outputTokens * p.outputPerMTok) / 1e6 : null;
  const cost = p && amount !== null ? money(amount, p.currency) : null;
  // A local server needs no key; any other provider does.
  if (keyMissing.value) return <p class="field-hint">{t('bring.refineNeedsKey')}</p>;
  return (
    <div class="bring-refine">
      <button type="button" disabled={busy('refine') || busy('bringIn')} onClick={() => void refine()}>
        {t('bring.refine')}
      </button>
      <span class="field-hint">
        {cost
          ? t('bring.refineCost', { n, tokens: number(tokens), cost })
          : t('bring.refineCostTokens', { n, tokens: number(tokens) })}
      </span>
    </div>
  );
}

export function BringInPanel() {
  if (!bringOpen.value) return null;
  const working = busy('bringIn') || busy('refine');
  const found = source.value;
  const list = items.value;
  return (
    <section class="bring-in" aria-labelledby="bring-title">
      <h2 id="bring-title" class="form-title">
        {t('bring.title')}
      </h2>
      <p class="field-hint">{t('bring.intro')}</p>
      <BringInSource
        text={pasted.value}
        busy={working}
        error={readError.value}
        onText={(text) => (pasted.value = text)}
        onRead={() => void readPaste()}
        onFile={(file) => void readFile(file)}
      />
      {found && (
        <p class="muted" role="status">
          {list.length
            ? t('bring.found', { n: list.length, source: t(`bring.source.${found.kind}`) })
            : t('bring.none')}{' '}
          {found.skipped > 0 && t('bring.skipped', { n: found.skipped })}
        </p>
      )}
      {list.length > 0 && (
        <>
          <div class="form-actions">
            <span class="muted">{t('bring.selected', { n: selected.value.length, total: list.length })}</span>
            <button type="button" class="small" onClick={() => selectAll(true)}>
              {t('bring.selectAll')}
            </button>
            <button type="button" class="small" onClick={() => selectAll(false)}>
              {t('bring.selectNone')}
            </button>
          </div>
          <BringInList
            items={list.slice(0, shownRows.value)}
            existingText={(id) => byId.value.get(id)?.content ?? id}
            onEdit={editItem}
          />
          {list.length > shownRows.value && (
            <button type="button" class="small" onClick={showMoreRows}>
              {t('bring.showMore', {
                n: Math.min(PREVIEW_PAGE, list.length - shownRows.value),
                left: list.length - shownRows.value,
              })}
            </button>
          )}
          <RefineRow />
        </>
      )}
      <div class="form-actions">
        <button
          type="button"
          class="primary"
          disabled={working || selected.value.length === 0}
          onClick={() => void commitBringIn()}
        >
          {t('bring.commit', { n: selected.value.length })}
        </button>
        <button type="button" onClick={closeBringIn}>
          {t('bring.close')}
        </button>
      </div>
    </section>
  );
}
