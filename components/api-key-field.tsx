import { t } from '../lib/i18n';

export interface ApiKeyFieldProps {
  hasKey: boolean;
  value: string;
  onInput: (v: string) => void;
  onRemove: () => void;
}

/**
 * The key is write-only: the field is always a password box, empty when a key is stored
 * (the panel never receives it back), and says so.
 */
export function ApiKeyField({ hasKey, value, onInput, onRemove }: ApiKeyFieldProps) {
  return (
    <div class="api-key">
      <label class="field wide">
        <span class="field-label">{t('settings.apiKey')}</span>
        <input
          type="password"
          autoComplete="off"
          spellcheck={false}
          value={value}
          placeholder={hasKey ? t('settings.apiKeyStored') : 'sk-ant-…'}
          onInput={(e) => onInput(e.currentTarget.value)}
        />
      </label>
      <p class="field-hint">
        {hasKey ? t('settings.apiKeyHintStored') : t('settings.apiKeyHint')}{' '}
        {hasKey && (
          <button type="button" class="small link" onClick={onRemove}>
            {t('settings.removeKey')}
          </button>
        )}
      </p>
    </div>
  );
}
