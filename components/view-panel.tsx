import type { ComponentChildren } from 'preact';

export interface ViewPanelProps {
  id: string;
  children: ComponentChildren;
}

/** The tab panel one view renders into, tied to its tab for screen readers. */
export function ViewPanel({ id, children }: ViewPanelProps) {
  return (
    <section class="view" id={`view-${id}`} role="tabpanel" aria-labelledby={`tab-${id}`}>
      {children}
    </section>
  );
}
