import { t } from '../lib/i18n';
import type { SiteSettings } from '../lib/settings/schema';
import { SITE_IDS, SITE_LABELS, type SiteId } from '../lib/sites/ids';
import { SiteRow, type SiteSpaceField } from './site-row';

export interface SiteTableProps {
  sites: Readonly<Record<SiteId, SiteSettings>>;
  onChange: (site: SiteId, patch: Partial<SiteSettings>) => void;
  /** Each site's default space field (none: spaces not loaded). */
  spaceOf?: (site: SiteId) => SiteSpaceField;
}

/**
 * One line per site: learning from its chats and how memories go in (auto on send / manual /
 * off), the two choices people change; the token budget and the review rule open under the line.
 */
export function SiteTable({ sites, onChange, spaceOf }: SiteTableProps) {
  return (
    <table class="site-table">
      <caption class="visually-hidden">{t('settings.sitesCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('settings.site')}</th>
          <th scope="col">{t('settings.siteLearn')}</th>
          <th scope="col">{t('settings.siteInject')}</th>
        </tr>
      </thead>
      <tbody>
        {SITE_IDS.map((id) => (
          <SiteRow
            key={id}
            name={SITE_LABELS[id]}
            settings={sites[id]}
            onChange={(patch) => onChange(id, patch)}
            space={spaceOf?.(id)}
          />
        ))}
      </tbody>
    </table>
  );
}
