import { t } from '../lib/i18n';
import type { SiteMode } from '../lib/settings/schema';

export interface SiteModeSwitchProps {
  site: string;
  mode: SiteMode;
  onChange: (mode: SiteMode) => void;
}

/** Auto (on send) / manual (click to insert) / off, for one site. */
export function SiteModeSwitch({ site, mode, onChange }: SiteModeSwitchProps) {
  const modes: SiteMode[] = ['auto', 'manual', 'off'];
  return (
    <fieldset class="mode-switch">
      <legend>{t('tab.modeLegend', { site })}</legend>
      {modes.map((m) => (
        <label key={m} class={`mode-option ${m === mode ? 'on' : ''}`}>
          <input type="radio" name={`mode-${site}`} value={m} checked={m === mode} onChange={() => onChange(m)} />
          <span>
            <strong>{t(`mode.${m}`)}</strong>
            <span class="muted"> — {t(`mode.${m}.hint`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
