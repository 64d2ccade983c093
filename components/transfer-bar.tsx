import { t } from '../lib/i18n';

export interface TransferBarProps {
  onImport: (file: File) => void;
  onExport: () => void;
}

export function TransferBar({ onImport, onExport }: TransferBarProps) {
  return (
    <div class="transfer-bar">
      <label class="button">
        {t('transfer.import')}
        <input
          type="file"
          accept="application/json,.json"
          class="visually-hidden"
          onChange={(e) => {
            const input = e.currentTarget;
            const file = input.files?.[0];
            if (file) onImport(file);
            input.value = '';
          }}
        />
      </label>
      <button type="button" onClick={onExport}>
        {t('transfer.export')}
      </button>
    </div>
  );
}
