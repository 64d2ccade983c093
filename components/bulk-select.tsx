import type { SelectOption } from './select-field';

export interface BulkSelectProps<V extends string> {
  label: string;
  placeholder: string;
  options: readonly SelectOption<V>[];
  onPick: (value: V) => void;
}

/** A labelled select that acts once a value is picked, then returns to its placeholder. */
export function BulkSelect<V extends string>({ label, placeholder, options, onPick }: BulkSelectProps<V>) {
  return (
    <label class="field inline">
      <span class="field-label">{label}</span>
      <select
        value=""
        onChange={(e) => {
          const v = e.currentTarget.value as V | '';
          e.currentTarget.value = '';
          if (v) onPick(v);
        }}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
