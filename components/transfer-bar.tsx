import { t } from '../lib/i18n';

export interface TransferBarProps {
  onImport: (file: File) => void;
  onExport: () => void;
  /** Import or export is running: both wait, so neither starts twice. */
  busy: boolean;
}

export function TransferBar({ onImport, onExport, busy }: TransferBarProps) {
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
    </div>
  );
}
