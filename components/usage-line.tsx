import type { ResponseOf } from '../lib/messages';

export interface UsageLineProps {
  usage: ResponseOf<'usage.summary'> | null;
}

const tokens = (n: number) => n.toLocaleString('en');
const usd = (n: number) => `$${n < 0.01 && n > 0 ? n.toFixed(4) : n.toFixed(2)}`;

/** Tokens and estimated cost today (against the daily cap) and this month. */
export function UsageLine({ usage }: UsageLineProps) {
  if (!usage) return null;
  const today = usage.today.inputTokens + usage.today.outputTokens;
  const month = usage.month.inputTokens + usage.month.outputTokens;
  const cap = usage.dailyTokenCap > 0 ? ` of ${tokens(usage.dailyTokenCap)}` : '';
  const estimate = usage.price.known ? 'estimated' : `estimated (unknown model ${usage.price.model}: priced high)`;
  return (
    <p class="usage">
      Today {tokens(today)}
      {cap} tokens · {usd(usage.today.costUsd)} · this month {tokens(month)} tokens · {usd(usage.month.costUsd)}{' '}
      <span class="muted">({estimate})</span>
    </p>
  );
}
