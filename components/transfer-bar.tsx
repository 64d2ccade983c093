export interface TransferBarProps {
  onImport: (file: File) => void;
  onExport: () => void;
}

export function TransferBar({ onImport, onExport }: TransferBarProps) {
  return (
    <div class="transfer-bar">
      <label class="button">
        Import memories
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
        Export memories
      </button>
    </div>
  );
}
