import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../lib/i18n';
import { modeLabel } from '../lib/i18n/labels';
import { REVIEW_MODES, type ReviewMode, type SiteMode, type SiteSettings } from '../lib/settings/schema';

/** The site's default space: chosen here, written with Save settings (it lives on the space, not in settings). */
export interface SiteSpaceField {
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}

export interface SiteRowProps {
  name: string;
  settings: SiteSettings;
  onChange: (patch: Partial<SiteSettings>) => void;
  space?: SiteSpaceField;
}

const MODES: readonly SiteMode[] = ['auto', 'manual', 'off'];

/** Past chats, the default space, the budget and the review rule, under a site's line once it is opened. */
function SiteMore({ name, settings: s, onChange, space }: SiteRowProps) {
  return (
    <div class="site-more">
      <PastChatsField name={name} settings={s} onChange={onChange} />
      {space && (
        <label class="field">
          <span class="field-label">{t('chatSpace.siteDefault')}</span>
          <select
            value={space.value}
            aria-label={t('chatSpace.siteDefaultFor', { site: name })}
            onChange={(e) => space.onChange(e.currentTarget.value)}
          >
            {space.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <span class="field-hint">{t('chatSpace.siteDefaultHint')}</span>
        </label>
      )}
      <label class="field">
        <span class="field-label">{t('settings.siteBudget')}</span>
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
      </label>
      <label class="field">
        <span class="field-label">{t('settings.review')}</span>
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
      </label>
    </div>
  );
}

const PAST_CHATS: readonly SiteSettings['pastChats'][] = ['off', 'this-site', 'any-site'];

/** "Use my past chats as context" and where they may come from; any site's carries a warning. */
function PastChatsField({ name, settings: s, onChange }: SiteRowProps) {
  const select = useRef<HTMLSelectElement>(null);
  // Opened from the row's "Past chats: …" button: the choice it names has the focus.
  useEffect(() => select.current?.focus(), []);
  return (
    <label class="field">
      <span class="field-label">{t('settings.pastChats')}</span>
      <select
        ref={select}
        value={s.pastChats}
        aria-label={t('settings.pastChatsFor', { site: name })}
        onChange={(e) => onChange({ pastChats: e.currentTarget.value as SiteSettings['pastChats'] })}
      >
        {PAST_CHATS.map((v) => (
          <option key={v} value={v}>
            {t(`settings.pastChats.${v}`)}
          </option>
        ))}
      </select>
      <span class="field-hint">{t('settings.pastChatsHint')}</span>
      {s.pastChats === 'any-site' && (
        <span class="field-hint" role="note">
          {t('settings.pastChatsAnySite', { site: name })}
        </span>
      )}
    </label>
  );
}

/**
 * One site's line: its name heads the row with, under it, where its past chats stand ("Past
 * chats: off"), which opens the rest of the site's choices, one per line, under the row.
 */
export function SiteRow(props: SiteRowProps) {
  const { name, settings: s, onChange } = props;
  const [open, setOpen] = useState(false);
  const moreId = `site-more-${name.replace(/\W+/g, '-')}`;
  const state = t(`settings.pastChatsState.${s.pastChats}`);
  return (
    <>
      <tr>
        <th scope="row">
          <span class="site-name">{name}</span>
          <button
            type="button"
            class="site-more-toggle"
            aria-expanded={open}
            aria-controls={moreId}
            onClick={() => setOpen(!open)}
          >
            <span class="visually-hidden">{t('settings.siteMore', { site: name })} </span>
            {state}
          </button>
        </th>
        <td>
          <input
            type="checkbox"
            checked={s.learn}
            aria-label={t('settings.siteLearnFor', { site: name })}
            onChange={(e) => onChange({ learn: e.currentTarget.checked })}
          />
        </td>
        <td>
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
      </tr>
      {open && (
        <tr id={moreId} class="site-more-row">
          <td colSpan={3}>
            <SiteMore {...props} />
          </td>
        </tr>
      )}
    </>
  );
}
