import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';

export interface FoldCardProps {
  /** The DOM id stem; the title's id names the region. */
  id: string;
  title: string;
  /** What the folded card still says on its one line (a count). */
  line?: string;
  /** Open from the start (the user asked for it); folded otherwise. */
  open?: boolean;
  class?: string;
  children: ComponentChildren;
}

/**
 * A card that folds into one line: its title is a disclosure button (the ARIA accordion
 * pattern: a heading holding a button with aria-expanded), so an offer the user did not ask for
 * costs one line above the memories until opened.
 */
export function FoldCard({ id, title, line, open: startOpen = false, class: cls, children }: FoldCardProps) {
  const [open, setOpen] = useState(startOpen);
  const titleId = `${id}-title`;
  const bodyId = `${id}-body`;
  return (
    <section class={`fold-card ${cls ?? ''}`} aria-labelledby={titleId}>
      <h2 class="fold-head">
        <button type="button" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
          <span id={titleId}>{title}</span>
          {line && <span class="fold-line">{line}</span>}
        </button>
      </h2>
      <div id={bodyId} class="fold-body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
