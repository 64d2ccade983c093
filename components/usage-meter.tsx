import { t } from '../lib/i18n';
import { number, usd } from '../lib/i18n/format';

export interface UsageMeterProps {
  today: { tokens: number; costUsd: number };
  month: { tokens: number; costUsd: number };
  dailyCap: number;
}

/** Extraction spend today and this month, today's bar against the daily token cap. */
export function UsageMeter({ today, month, dailyCap }: UsageMeterProps) {
  const ratio = dailyCap > 0 ? Math.min(1, today.tokens / dailyCap) : 0;
  return (
    <section class="usage" aria-label={t('usage.label')}>
      <div class="usage-row">
        <span>{t('usage.today')}</span>
        <strong>
          {t('usage.tokens', { n: number(today.tokens) })} · {usd(today.costUsd)}
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
          {t('usage.tokens', { n: number(month.tokens) })} · {usd(month.costUsd)}
        </strong>
      </div>
    </section>
  );
}
