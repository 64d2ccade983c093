import type { ComponentChildren } from 'preact';

export interface EmptyStateProps {
  title: string;
  children?: ComponentChildren;
}

/** What a new user sees instead of an empty list: what this is, and what to do next. */
export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <section class="empty-state">
      <h3>{title}</h3>
      {children}
    </section>
  );
}
