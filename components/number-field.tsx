export interface NumberFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  hint?: string;
  onChange: (n: number) => void;
}

export function NumberField({ label, value, min, max, step = 1, hint, onChange }: NumberFieldProps) {
  return (
    <label class="field">
      <span class="field-label">{label}</span>
      <input
        type="number"
        min={min}
        max={max}
        step={step}
        value={value}
        onInput={(e) => {
          const n = e.currentTarget.valueAsNumber;
          if (Number.isFinite(n)) onChange(n);
        }}
      />
      {hint && <span class="field-hint">{hint}</span>}
    </label>
  );
}
