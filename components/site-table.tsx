import { t } from '../lib/i18n';
import { modeLabel } from '../lib/i18n/labels';
import type { SiteMode, SiteSettings } from '../lib/settings-schema';
import { SITE_IDS, SITE_LABELS, type SiteId } from '../lib/sites';

export interface SiteTableProps {
  sites: Readonly<Record<SiteId, SiteSettings>>;
  onChange: (site: SiteId, patch: Partial<SiteSettings>) => void;
}

/** Per site: on/off, how memories go in (auto on send / manual / off), and the token budget. */
export function SiteTable({ sites, onChange }: SiteTableProps) {
  const modes: SiteMode[] = ['auto', 'manual', 'off'];
  return (
    <table class="site-table">
      <caption class="visually-hidden">{t('settings.sitesCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('settings.site')}</th>
          <th scope="col">{t('settings.siteOn')}</th>
          <th scope="col">{t('settings.siteMode')}</th>
          <th scope="col">{t('settings.siteBudget')}</th>
        </tr>
      </thead>
      <tbody>
        {SITE_IDS.map((id) => {
          const s = sites[id];
          const name = SITE_LABELS[id];
          return (
            <tr key={id}>
              <th scope="row">{name}</th>
              <td>
                <input
                  type="checkbox"
                  checked={s.enabled}
                  aria-label={t('settings.siteOnFor', { site: name })}
                  onChange={(e) => onChange(id, { enabled: e.currentTarget.checked })}
                />
              </td>
              <td>
                <select
                  value={s.mode}
                  aria-label={t('settings.siteModeFor', { site: name })}
                  onChange={(e) => onChange(id, { mode: e.currentTarget.value as SiteMode })}
                >
                  {modes.map((m) => (
                    <option key={m} value={m}>
                      {modeLabel(m)}
                    </option>
                  ))}
                </select>
              </td>
              <td>
                <input
                  type="number"
                  min={100}
                  max={8000}
                  step={100}
                  value={s.budgetTokens}
                  aria-label={t('settings.siteBudgetFor', { site: name })}
                  onInput={(e) => {
                    const n = e.currentTarget.valueAsNumber;
                    if (Number.isFinite(n)) onChange(id, { budgetTokens: Math.round(n) });
                  }}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
