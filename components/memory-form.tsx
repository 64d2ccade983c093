import type { ComponentChildren } from 'preact';
import { t } from '../lib/i18n';
import { MemoryFields, type MemoryFieldValues } from './memory-fields';

export interface MemoryFormProps {
  class: string;
  label: string;
  submitLabel: string;
  /** Keeps the fields' ids unique when several forms are on the page. */
  idPrefix: string;
  values: MemoryFieldValues;
  onChange: (patch: Partial<MemoryFieldValues>) => void;
  onSubmit: () => void;
  onCancel: () => void;
  /** Above the fields: a title, where the text came from. */
  children?: ComponentChildren;
  /** Under the fields: what only this form edits (the editor's space). */
  extra?: ComponentChildren;
}

/** The memory fields with save and cancel; Escape cancels. Saving needs some text. */
export function MemoryForm(props: MemoryFormProps) {
  return (
    <form
      class={props.class}
      aria-label={props.label}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') props.onCancel();
      }}
    >
      {props.children}
      <MemoryFields values={props.values} onChange={props.onChange} idPrefix={props.idPrefix} />
      {props.extra}
      <div class="form-actions">
        <button type="submit" class="primary" disabled={!props.values.content.trim()}>
          {props.submitLabel}
        </button>
        <button type="button" onClick={props.onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
