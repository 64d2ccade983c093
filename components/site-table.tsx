import { t } from '../lib/i18n';
import type { SiteSettings } from '../lib/settings/schema';
import { SITE_IDS, SITE_LABELS, type SiteId } from '../lib/sites/ids';
import { SiteRow } from './site-row';

export interface SiteTableProps {
  sites: Readonly<Record<SiteId, SiteSettings>>;
  onChange: (site: SiteId, patch: Partial<SiteSettings>) => void;
}

/** Per site: learning from its chats, how memories go in (auto on send / manual / off), and the token budget. */
export function SiteTable({ sites, onChange }: SiteTableProps) {
  return (
    <table class="site-table">
      <caption class="visually-hidden">{t('settings.sitesCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('settings.site')}</th>
          <th scope="col">{t('settings.siteLearn')}</th>
          <th scope="col">{t('settings.siteInject')}</th>
          <th scope="col">{t('settings.siteBudget')}</th>
          <th scope="col">{t('settings.review')}</th>
        </tr>
      </thead>
      <tbody>
        {SITE_IDS.map((id) => (
          <SiteRow key={id} name={SITE_LABELS[id]} settings={sites[id]} onChange={(patch) => onChange(id, patch)} />
        ))}
      </tbody>
    </table>
  );
}
