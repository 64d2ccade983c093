import { signal } from '@preact/signals';
import type { ComponentChildren } from 'preact';

/** The sections the user folded, kept while the panel is open (a view switch keeps them folded). */
const folded = signal<ReadonlySet<string>>(new Set());

export interface FoldSectionProps {
  /** The heading's DOM id, which names the section. */
  id: string;
  title: string;
  children: ComponentChildren;
}

/**
 * One section of a long page (Settings) whose heading folds it: a heading holding a button with
 * aria-expanded (the ARIA accordion pattern). Open until the user folds it, so a new section is
 * one more `<FoldSection>` and nothing else moves.
 */
export function FoldSection({ id, title, children }: FoldSectionProps) {
  const open = !folded.value.has(id);
  const toggle = () => {
    const next = new Set(folded.value);
    if (open) next.add(id);
    else next.delete(id);
    folded.value = next;
  };
  return (
    <section class="settings-section" aria-labelledby={id}>
      <h2 id={id} class="fold-section-head">
        <button type="button" aria-expanded={open} aria-controls={`${id}-body`} onClick={toggle}>
          {title}
        </button>
      </h2>
      <div id={`${id}-body`} hidden={!open}>
        {children}
      </div>
    </section>
  );
}
