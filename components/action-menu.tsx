import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

export interface ActionMenuProps {
  label: string;
  children: ComponentChildren;
}

function closeMenu(menu: HTMLDetailsElement | null, focus: boolean): void {
  if (!menu?.open) return;
  menu.open = false;
  if (focus) menu.querySelector('summary')?.focus();
}

/**
 * Less frequent actions behind one button: a native disclosure (keyboard and screen readers get
 * it for free) whose items open in the flow below, so the menu never runs past a narrow panel's
 * edge. Choosing a button or a file, or clicking elsewhere, closes it; Escape closes it and
 * returns focus to the button.
 */
export function ActionMenu({ label, children }: ActionMenuProps) {
  const ref = useRef<HTMLDetailsElement>(null);
  const close = (focus: boolean) => closeMenu(ref.current, focus);
  useEffect(() => {
    const outside = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) closeMenu(ref.current, false);
    };
    document.addEventListener('click', outside);
    return () => document.removeEventListener('click', outside);
  }, []);
  return (
    <details
      class="action-menu"
      ref={ref}
      onKeyDown={(e) => {
        if (e.key === 'Escape') close(true);
      }}
    >
      <summary class="button">{label}</summary>
      {/* Seen on the way down, while the chosen button is still in the page (its action may remove it). */}
      <div
        class="menu-items"
        onClickCapture={(e) => {
          if ((e.target as HTMLElement).closest('button')) close(false);
        }}
        // A file picked for Import is a choice too: the menu closes, so what the import shows is not covered.
        onChangeCapture={(e) => {
          if ((e.target as HTMLInputElement).type === 'file') close(false);
        }}
      >
        {children}
      </div>
    </details>
  );
}
