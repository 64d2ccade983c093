import { t } from '../lib/i18n';
import { dateTime, number } from '../lib/i18n/format';
import type { RateKind, RateWindow } from '../lib/sites/bounds';

export interface SiteLimitHit {
  site: string;
  kind: RateKind;
  window: RateWindow;
  limit: number;
  until: string;
}

export interface SiteLimitsProps {
  /** Per-site limits reached, while they last. */
  hits: readonly SiteLimitHit[];
  /** Sites with waiting chats whose learning switch is off. */
  held: readonly string[];
}

/** Why some chats wait or are not kept: a site reached a limit, or learning is off there. */
export function SiteLimits({ hits, held }: SiteLimitsProps) {
  if (hits.length === 0 && held.length === 0) return null;
  return (
    <div class="status info" role="status" aria-label={t('queue.bound.title')}>
      {hits.map((h) => (
        <p key={`${h.site}-${h.kind}-${h.window}`}>
          {t(`queue.bound.${h.kind}`, {
            site: h.site,
            limit: number(h.limit),
            window: t(`queue.bound.${h.window}`),
            until: dateTime(h.until),
          })}
        </p>
      ))}
      {held.map((site) => (
        <p key={site}>{t('queue.held', { site })}</p>
      ))}
    </div>
  );
}
