import { t } from '../lib/i18n';
import { modeLabel } from '../lib/i18n/labels';
import { REVIEW_MODES, type ReviewMode, type SiteMode, type SiteSettings } from '../lib/settings/schema';

export interface SiteRowProps {
  name: string;
  settings: SiteSettings;
  onChange: (patch: Partial<SiteSettings>) => void;
}

const MODES: readonly SiteMode[] = ['auto', 'manual', 'off'];

/** One site's row: its name heads the row, and each control is named after it. */
export function SiteRow({ name, settings: s, onChange }: SiteRowProps) {
  return (
    <tr>
      <th scope="row">{name}</th>
      <td data-label={t('settings.siteLearn')}>
        <input
          type="checkbox"
          checked={s.learn}
          aria-label={t('settings.siteLearnFor', { site: name })}
          onChange={(e) => onChange({ learn: e.currentTarget.checked })}
        />
      </td>
      <td data-label={t('settings.siteInject')}>
        <select
          value={s.inject}
          aria-label={t('settings.siteInjectFor', { site: name })}
          onChange={(e) => onChange({ inject: e.currentTarget.value as SiteMode })}
        >
          {MODES.map((m) => (
            <option key={m} value={m}>
              {modeLabel(m)}
            </option>
          ))}
        </select>
      </td>
      <td data-label={t('settings.siteBudget')}>
        <input
          type="number"
          min={100}
          max={8000}
          step={100}
          value={s.budgetTokens}
          aria-label={t('settings.siteBudgetFor', { site: name })}
          onInput={(e) => {
            const n = e.currentTarget.valueAsNumber;
            if (Number.isFinite(n)) onChange({ budgetTokens: Math.round(n) });
          }}
        />
      </td>
      <td data-label={t('settings.review')}>
        <select
          value={s.review ?? 'inherit'}
          aria-label={t('settings.review.siteFor', { site: name })}
          onChange={(e) => {
            const v = e.currentTarget.value;
            onChange({ review: v === 'inherit' ? undefined : (v as ReviewMode) });
          }}
        >
          <option value="inherit">{t('settings.review.inherit')}</option>
          {REVIEW_MODES.map((m) => (
            <option key={m} value={m}>
              {t(`settings.review.${m}`)}
            </option>
          ))}
        </select>
      </td>
    </tr>
  );
}
