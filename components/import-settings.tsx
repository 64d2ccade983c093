import { type StringKey, t } from '../lib/i18n';

export interface ImportSettingsProps {
  changes: readonly { path: string; from: unknown; to: unknown }[];
  /** Top-level settings the file carried that an import never changes. */
  protectedKeys: readonly string[];
  state: 'proposed' | 'applied' | 'kept';
  onApply: () => void;
  onKeep: () => void;
}

const show = (value: unknown) => JSON.stringify(value);

/** What an import never changes, in the words the Settings page uses (the file's field names mean nothing to a user). */
const KEPT_GROUPS = [
  ['transfer.kept.connection', ['provider', 'baseUrl', 'authStyle', 'model', 'apiKey']],
  ['transfer.kept.cap', ['dailyTokenCap']],
  ['transfer.kept.privacy', ['privacyPatterns']],
] as const;
/** Bookkeeping fields, not settings the user chose. */
const NOT_SETTINGS = new Set(['version']);

export function keptInWords(keys: readonly string[]): string | null {
  const groups: StringKey[] = KEPT_GROUPS.filter(([, names]) => names.some((n) => keys.includes(n))).map(([g]) => g);
  const known = new Set<string>(KEPT_GROUPS.flatMap(([, names]) => names));
  if (keys.some((k) => !known.has(k) && !NOT_SETTINGS.has(k))) groups.push('transfer.kept.other');
  if (groups.length === 0) return null;
  const words = groups.map((g) => t(g));
  const list =
    words.length === 1
      ? words[0]
      : `${words.slice(0, -1).join(t('transfer.kept.comma'))}${t('transfer.kept.and')}${words.at(-1)}`;
  // "privacy patterns" and "other … settings" are plural nouns on their own.
  const plural = groups.length > 1 || groups[0] === 'transfer.kept.privacy' || groups[0] === 'transfer.kept.other';
  return t('transfer.keptAsTheyAre', { list: list ?? '', n: plural ? 2 : 1 });
}

/**
 * The settings a file proposes, listed change by change; nothing is applied until the user
 * presses Apply, and the import's undo puts them back too.
 */
export function ImportSettings({ changes, protectedKeys, state, onApply, onKeep }: ImportSettingsProps) {
  const kept = keptInWords(protectedKeys);
  if (changes.length === 0 && !kept) return null;
  return (
    <section class="import-settings" aria-labelledby="import-settings-title">
      {kept && <p class="field-hint">{kept}</p>}
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
