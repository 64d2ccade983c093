import { t } from '../lib/i18n';
import { relativeTime } from '../lib/i18n/format';
import type { MemoryRecord } from '../lib/memory/types';

interface Cell {
  memory: MemoryRecord;
  heat: number;
  level: number;
}

export interface HeatViewProps {
  cells: readonly Cell[];
  hot: readonly Cell[];
  cooling: readonly Cell[];
  neverUsed: number;
}

/**
 * Every active memory as one square, hottest first: the picture of what the store actually
 * uses. The two short lists under it say the same in words (and are what screen readers get).
 */
export function HeatView({ cells, hot, cooling, neverUsed }: HeatViewProps) {
  return (
    <figure class="heat">
      <figcaption>{t('insights.heatTitle')}</figcaption>
      <div class="heat-grid" aria-hidden="true">
        {cells.map((c) => (
          <span
            key={c.memory.id}
            class="heat-cell"
            title={c.memory.content}
            style={{ background: `color-mix(in srgb, var(--hot) ${Math.round(c.level * 100)}%, var(--cold))` }}
          />
        ))}
      </div>
      <p class="heat-legend" aria-hidden="true">
        <span class="swatch cold" /> {t('insights.cold')} <span class="swatch hot" /> {t('insights.hot')}
      </p>
      <p class="field-hint">{t('insights.neverUsed', { n: neverUsed })}</p>
      <div class="heat-lists">
        <section aria-labelledby="heat-hot">
          <h4 id="heat-hot">{t('insights.hotList')}</h4>
          {hot.length === 0 && <p class="muted">{t('insights.noneYet')}</p>}
          <ol>
            {hot.map((c) => (
              <li key={c.memory.id}>
                {c.memory.content} <span class="muted">· {t('mem.hits', { n: c.memory.hitCount })}</span>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="heat-cooling">
          <h4 id="heat-cooling">{t('insights.coolingList')}</h4>
          {cooling.length === 0 && <p class="muted">{t('insights.noneCooling')}</p>}
          <ol>
            {cooling.map((c) => (
              <li key={c.memory.id}>
                {c.memory.content}{' '}
                <span class="muted">
                  · {t('insights.lastUsed', { when: relativeTime(c.memory.lastHitAt ?? c.memory.createdAt) })}
                </span>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </figure>
  );
}
