/** Insights: the store as pictures: growth by type, hits per day, hot and cooling memories. */
import { useEffect } from 'preact/hooks';
import { EmptyState } from '../../../components/empty-state';
import { HeatView } from '../../../components/heat-view';
import { UplotChart } from '../../../components/uplot-chart';
import { costText } from '../../../components/usage-meter';
import { ViewPanel } from '../../../components/view-panel';
import { t } from '../../../lib/i18n';
import { number } from '../../../lib/i18n/format';
import { typeLabel } from '../../../lib/i18n/labels';
import { MEMORY_TYPES } from '../../../lib/memory/types';
import { utcDay } from '../../../lib/time';
import { heat, hitChartData, hits, monthUsage, startInsightsModel, typeChartData, types } from '../models/insights';
import { memories } from '../models/memories';
import { totals } from '../models/queue';

export function InsightsView() {
  useEffect(() => startInsightsModel(), []);
  if (memories.value.length === 0) {
    return (
      <ViewPanel id="insights">
        <EmptyState title={t('insights.empty.title')}>
          <p>{t('insights.empty.body')}</p>
        </EmptyState>
      </ViewPanel>
    );
  }
  const ty = types.value;
  const last = (s: number[]) => s[s.length - 1] ?? 0;
  const typeSummary = MEMORY_TYPES.map((k) => `${typeLabel(k)} ${last(ty.y[k])}`).join(', ');
  const hs = hits.value;
  const totalHits = hs.y.hits.reduce((a, b) => a + b, 0);
  const h = heat.value;
  const month = totals(monthUsage.value, utcDay().slice(0, 7));
  return (
    <ViewPanel id="insights">
      <UplotChart
        title={t('insights.byType')}
        summary={t('insights.byTypeSummary', { list: typeSummary })}
        data={typeChartData.value}
        series={MEMORY_TYPES.map((k) => ({ label: typeLabel(k), colorVar: `--type-${k}` }))}
        stacked
      />
      {totalHits === 0 && (
        <p class="muted">
          <strong>{t('insights.hits')}</strong> — {t('insights.noHits')}
        </p>
      )}
      {totalHits > 0 && (
        <UplotChart
          title={t('insights.hits')}
          summary={t('insights.hitsSummary', { n: totalHits, days: hs.x.length })}
          data={hitChartData.value}
          series={[{ label: t('insights.hitsSeries'), colorVar: '--accent', bars: true }]}
          height={140}
        />
      )}
      <HeatView cells={h.cells} hot={h.hot} cooling={h.cooling} neverUsed={h.neverUsed} />
      <p class="muted">
        <strong>{t('usage.label')}</strong> · {t('usage.month')} — {t('usage.tokens', { n: number(month.tokens) })} ·{' '}
        {costText(month)}
      </p>
    </ViewPanel>
  );
}
