import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';

export interface ActionMenuProps {
  label: string;
  children: ComponentChildren;
}

/**
 * Less frequent actions behind one button: a native disclosure (keyboard and screen readers get
 * it for free) whose items open in the flow below, so the menu never runs past a narrow panel's
 * edge. Choosing a button closes it; Escape closes it and returns focus to the button.
 */
export function ActionMenu({ label, children }: ActionMenuProps) {
  const ref = useRef<HTMLDetailsElement>(null);
  const close = (focus: boolean) => {
    const menu = ref.current;
    if (!menu?.open) return;
    menu.open = false;
    if (focus) menu.querySelector('summary')?.focus();
  };
  return (
    <details
      class="action-menu"
      ref={ref}
      onKeyDown={(e) => {
        if (e.key === 'Escape') close(true);
      }}
      onClick={(e) => {
        if ((e.target as HTMLElement).closest('.menu-items button')) close(false);
      }}
    >
      <summary class="button">{label}</summary>
      <div class="menu-items">{children}</div>
    </details>
  );
}
