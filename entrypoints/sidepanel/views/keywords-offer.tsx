/** "Add keywords": what it would do and cost, shown before anything is asked of the model. */
import { FoldCard } from '../../../components/fold-card';
import { KEYWORDS_BATCH } from '../../../lib/add-keywords/keywords-prompt';
import { lang, t } from '../../../lib/i18n';
import { money, number } from '../../../lib/i18n/format';
import { addKeywords, closeKeywords, keywordsOffer, type OfferPlace } from '../models/keywords';
import { keyMissing } from '../models/settings';
import { busy } from '../models/work';

/** The offer where `place` is: the Memories view, or Settings → Your data after an import there. */
export function KeywordsOffer({ place }: { place: OfferPlace }) {
  const offer = keywordsOffer.value;
  if (!offer || offer.place !== place) return null;
  const { estimate, price, reason } = offer;
  const tokens = estimate.inputTokens + estimate.outputTokens;
  const calls = Math.ceil(estimate.count / KEYWORDS_BATCH);
  // In the provider's own currency; an unknown price shows tokens only.
  const amount = price?.known
    ? (estimate.inputTokens * price.inputPerMTok + estimate.outputTokens * price.outputPerMTok) / 1e6
    : null;
  const cost = price && amount !== null ? money(amount, price.currency) : null;
  // Asked for, it opens at once; offered after an import or Bring in, it waits folded on one line.
  return (
    <FoldCard
      id={`kw-${place}`}
      class="keywords-offer"
      title={t('kw.title')}
      line={estimate.count > 0 ? t('kw.short', { n: estimate.count }) : undefined}
      open={reason === 'asked'}
    >
      {estimate.count === 0 ? (
        <p class="field-hint">{t('kw.none')}</p>
      ) : (
        <>
          {reason === 'asked' ? (
            <p>{t('kw.explain', { n: estimate.count })}</p>
          ) : (
            <p>
              {t(reason === 'import' ? 'kw.afterImport' : 'kw.afterBringIn', { n: estimate.count })}
              {lang.value === 'zh' ? '' : ' '}
              {t('kw.why')}
            </p>
          )}
          {keyMissing.value ? (
            <p class="field-hint">{t('kw.needsKey')}</p>
          ) : (
            <p class="field-hint">
              {cost
                ? t('kw.cost', { tokens: number(tokens), cost, calls })
                : t('kw.costTokens', { tokens: number(tokens), calls })}
            </p>
          )}
        </>
      )}
      <div class="form-actions">
        {estimate.count > 0 && !keyMissing.value && (
          <button type="button" class="primary" disabled={busy('keywords')} onClick={() => void addKeywords()}>
            {t('kw.start')}
          </button>
        )}
        <button type="button" disabled={busy('keywords')} onClick={closeKeywords}>
          {t('kw.notNow')}
        </button>
      </div>
    </FoldCard>
  );
}
