import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';

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

/**
 * A select with its visible label: the label's text alone is the control's accessible name;
 * the hint under it is its description, read after the name, not part of it.
 */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  class: cls,
  hint,
}: SelectFieldProps<V>) {
  const id = useId();
  return (
    <div class={`field ${cls ?? ''}`}>
      <label class="field-label" for={id}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.currentTarget.value as V)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint && (
        <span class="field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
    </div>
  );
}
