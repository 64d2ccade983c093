import type { ComponentChildren } from 'preact';
import { t } from '../lib/i18n';

export interface TransferBarProps {
  onImport: (file: File) => void;
  onExport: () => void;
  /** Import or export is running: both wait, so neither starts twice. */
  busy: boolean;
  /** Where given, a box next to Export puts every chat's messages in the file (off: summaries only). */
  chatHistory?: { checked: boolean; onChange: (checked: boolean) => void };
  /** Where given, a few words under Import and under Export on what each does (the Memories menu). */
  hints?: { import: string; export: string };
}

function Hinted({ hint, children }: { hint: string | undefined; children: ComponentChildren }) {
  if (hint === undefined) return <>{children}</>;
  return (
    <span class="menu-row">
      {children}
      <span class="menu-hint">{hint}</span>
    </span>
  );
}

export function TransferBar({ onImport, onExport, busy, chatHistory, hints }: TransferBarProps) {
  return (
    <div class="transfer-bar">
      <Hinted hint={hints?.import}>
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
      </Hinted>
      <Hinted hint={hints?.export}>
        <button type="button" onClick={onExport} disabled={busy}>
          {t('transfer.export')}
        </button>
      </Hinted>
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
