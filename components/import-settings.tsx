import { t } from '../lib/i18n';

export interface ImportSettingsProps {
  changes: readonly { path: string; from: unknown; to: unknown }[];
  /** Top-level settings the file carried that an import never changes. */
  protectedKeys: readonly string[];
  state: 'proposed' | 'applied' | 'kept';
  onApply: () => void;
  onKeep: () => void;
}

const show = (value: unknown) => JSON.stringify(value);

/**
 * The settings a file proposes, listed change by change; nothing is applied until the user
 * presses Apply, and the import's undo puts them back too.
 */
export function ImportSettings({ changes, protectedKeys, state, onApply, onKeep }: ImportSettingsProps) {
  if (changes.length === 0 && protectedKeys.length === 0) return null;
  return (
    <section class="import-settings" aria-labelledby="import-settings-title">
      {protectedKeys.length > 0 && (
        <p class="field-hint">{t('transfer.settingsProtected', { keys: protectedKeys.join(', ') })}</p>
      )}
      {changes.length > 0 && (
        <>
          <h4 id="import-settings-title">{t('transfer.settingsProposed', { n: changes.length })}</h4>
          <ul aria-label={t('transfer.settingsChangeList')}>
            {changes.map((c) => (
              <li key={c.path}>
                <code>{c.path}</code>: {show(c.from)} → {show(c.to)}
              </li>
            ))}
          </ul>
          {state === 'proposed' ? (
            <div class="transfer-bar">
              <button type="button" onClick={onApply}>
                {t('transfer.settingsApply', { n: changes.length })}
              </button>
              <button type="button" onClick={onKeep}>
                {t('transfer.settingsKeep')}
              </button>
            </div>
          ) : (
            <p role="status">{t(state === 'applied' ? 'transfer.settingsApplied' : 'transfer.settingsKept')}</p>
          )}
        </>
      )}
    </section>
  );
}
