import { t } from '../lib/i18n';

export interface TransferBarProps {
  onImport: (file: File) => void;
  onExport: () => void;
  /** Import or export is running: both wait, so neither starts twice. */
  busy: boolean;
  /** Where given, a box next to Export puts every chat's messages in the file (off: summaries only). */
  chatHistory?: { checked: boolean; onChange: (checked: boolean) => void };
}

export function TransferBar({ onImport, onExport, busy, chatHistory }: TransferBarProps) {
  return (
    <div class="transfer-bar">
      <label class={`button ${busy ? 'disabled' : ''}`}>
        {t('transfer.import')}
        <input
          type="file"
          accept="application/json,.json"
          class="visually-hidden"
          disabled={busy}
          onChange={(e) => {
            const input = e.currentTarget;
            const file = input.files?.[0];
            if (file) onImport(file);
            input.value = '';
          }}
        />
      </label>
      <button type="button" onClick={onExport} disabled={busy}>
        {t('transfer.export')}
      </button>
      {chatHistory && (
        <label class="check-field">
          <input
            type="checkbox"
            checked={chatHistory.checked}
            disabled={busy}
            onChange={(e) => chatHistory.onChange(e.currentTarget.checked)}
          />
          {t('transfer.includeChatHistory')}
        </label>
      )}
    </div>
  );
}
