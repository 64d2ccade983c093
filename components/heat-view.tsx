import { t } from '../lib/i18n';
import { relativeTime } from '../lib/i18n/format';
import type { MemoryRecord } from '../lib/memory/types';
import { HeatList } from './heat-list';

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
        <HeatList
          id="heat-hot"
          title={t('insights.hotList')}
          empty={t('insights.noneYet')}
          memories={hot.map((c) => c.memory)}
          note={(m) => t('mem.hits', { n: m.hitCount })}
        />
        <HeatList
          id="heat-cooling"
          title={t('insights.coolingList')}
          empty={t('insights.noneCooling')}
          memories={cooling.map((c) => c.memory)}
          note={(m) => t('insights.lastUsed', { when: relativeTime(m.lastHitAt ?? m.createdAt) })}
        />
      </div>
    </figure>
  );
}
