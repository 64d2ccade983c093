import { t } from '../lib/i18n';

export interface BringInSourceProps {
  text: string;
  busy: boolean;
  error: string | null;
  onText: (text: string) => void;
  onRead: () => void;
  onFile: (file: File) => void;
}

/** Where memories come from: pasted text, or one file. */
export function BringInSource({ text, busy, error, onText, onRead, onFile }: BringInSourceProps) {
  return (
    <div class="bring-source">
      <label class="field">
        <span class="field-label">{t('bring.paste')}</span>
        <textarea
          rows={6}
          value={text}
          placeholder={t('bring.pastePlaceholder')}
          onInput={(e) => onText(e.currentTarget.value)}
        />
      </label>
      <div class="form-actions">
        <button type="button" class="primary" disabled={busy || !text.trim()} onClick={onRead}>
          {t('bring.read')}
        </button>
        <label class={`button ${busy ? 'disabled' : ''}`}>
          {t('bring.file')}
          <input
            type="file"
            class="visually-hidden"
            disabled={busy}
            accept=".json,.jsonl,.gz,.zip,.md,.markdown,.txt,application/json,text/markdown,text/plain,application/zip"
            onChange={(e) => {
              const input = e.currentTarget;
              const file = input.files?.[0];
              if (file) onFile(file);
              input.value = '';
            }}
          />
        </label>
      </div>
      {error && (
        <p class="status error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
