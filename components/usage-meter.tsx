import { t } from '../lib/i18n';
import { money, number } from '../lib/i18n/format';

export interface UsageAmount {
  tokens: number;
  costUsd: number;
  costCny: number;
  unpricedTokens: number;
}

export interface UsageMeterProps {
  today: UsageAmount;
  month: UsageAmount;
  dailyCap: number;
}

/**
 * The cost part of a usage line: each currency that was spent, and for calls whose price is
 * unknown only their tokens ("price unknown"), never a guessed amount.
 */
export function costText(u: UsageAmount): string {
  const parts: string[] = [];
  if (u.costUsd > 0) parts.push(money(u.costUsd, 'USD'));
  if (u.costCny > 0) parts.push(money(u.costCny, 'CNY'));
  if (u.unpricedTokens > 0) {
    if (parts.length === 0) return t('usage.priceUnknown');
    parts.push(t('usage.partlyUnknown', { n: number(u.unpricedTokens) }));
  }
  return parts.length > 0 ? parts.join(' + ') : money(0, 'USD');
}

/** Extraction spend today and this month, today's bar against the daily token cap. */
export function UsageMeter({ today, month, dailyCap }: UsageMeterProps) {
  const ratio = dailyCap > 0 ? Math.min(1, today.tokens / dailyCap) : 0;
  return (
    <section class="usage" aria-label={t('usage.label')}>
      <div class="usage-row">
        <span>{t('usage.today')}</span>
        <strong>
          {t('usage.tokens', { n: number(today.tokens) })} · {costText(today)}
        </strong>
      </div>
      <meter
        min={0}
        max={Math.max(1, dailyCap)}
        value={today.tokens}
        high={dailyCap * 0.8}
        optimum={0}
        aria-label={t('usage.capMeter')}
        class={ratio >= 0.8 ? 'near-cap' : ''}
      />
      <p class="field-hint">
        {dailyCap > 0 ? t('usage.ofCap', { pct: Math.round(ratio * 100), cap: number(dailyCap) }) : t('usage.noCap')}
      </p>
      <div class="usage-row">
        <span>{t('usage.month')}</span>
        <strong>
          {t('usage.tokens', { n: number(month.tokens) })} · {costText(month)}
        </strong>
      </div>
    </section>
  );
}
