/** The box before a chat in the Chats view: picks it for "Extract memories from these". */
export interface PickBoxProps {
  checked: boolean;
  /** Names the chat, for screen readers and tests ("Pick “Trip planning”"). */
  label: string;
  onChange: (checked: boolean) => void;
}

export function PickBox({ checked, label, onChange }: PickBoxProps) {
  return (
    <input
      type="checkbox"
      class="chat-pick"
      aria-label={label}
      checked={checked}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}
