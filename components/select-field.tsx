import type { ComponentChildren } from 'preact';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

export interface SelectFieldProps<V extends string> {
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  class?: string;
  hint?: ComponentChildren;
}

/** A select with its visible label: the label text is the control's accessible name. */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  class: cls,
  hint,
}: SelectFieldProps<V>) {
  return (
    <label class={`field ${cls ?? ''}`}>
      <span class="field-label">{label}</span>
      <select value={value} onChange={(e) => onChange(e.currentTarget.value as V)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint && <span class="field-hint">{hint}</span>}
    </label>
  );
}
