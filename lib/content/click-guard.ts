/**
 * A trusted click on an on-page control acts only if the user could see the control they
 * clicked. The page can style the host element from outside the shadow root (opacity, filter,
 * transform, clip-path) or lay a decoy over it that lets clicks through, so that the user's
 * click on what looks like the page lands on the switch. Checked at the click:
 * - the host and the root element carry no effect that hides or moves the bar;
 * - the point clicked is the control, as the page's own `elementFromPoint` and the shadow
 *   root's see it;
 * - where the browser can tell (Chromium's IntersectionObserver v2), the control was reported
 *   visible, unoccluded by anything, including content that lets clicks through.
 * A keyboard activation (focus is on the control itself) skips the point check.
 */

interface VisibilityEntry extends IntersectionObserverEntry {
  /** IntersectionObserver v2: false when the target is occluded, transparent or distorted. */
  isVisible?: boolean;
}

/** Computed effects that would let a page show something other than the control. */
function hiddenByStyle(el: Element): boolean {
  const s = getComputedStyle(el);
  return (
    s.opacity !== '1' ||
    s.visibility !== 'visible' ||
    s.filter !== 'none' ||
    s.transform !== 'none' ||
    s.clipPath !== 'none' ||
    (s.mixBlendMode !== '' && s.mixBlendMode !== 'normal') ||
    s.display === 'none'
  );
}

function underPoint(host: Element, shadow: ShadowRoot, control: Element, x: number, y: number): boolean {
  if (document.elementFromPoint(x, y) !== host) return false;
  const inside = shadow.elementFromPoint(x, y);
  return !!inside && control.contains(inside);
}

export interface ClickGuard {
  genuine(e: MouseEvent, control: Element): boolean;
  stop(): void;
}

export function createClickGuard(host: HTMLElement, shadow: ShadowRoot, controls: readonly Element[]): ClickGuard {
  const visible = new Map<Element, boolean>();
  let observer: IntersectionObserver | null = null;
  try {
    const options = { threshold: [1], trackVisibility: true, delay: 100 } as IntersectionObserverInit;
    observer = new IntersectionObserver((entries) => {
      for (const entry of entries as VisibilityEntry[]) {
        if (typeof entry.isVisible !== 'boolean') continue;
        visible.set(entry.target, entry.isVisible);
        // Inside the closed shadow root: only the extension's own worlds can read it (its tests
        // wait on it, since a click before the first report is refused like an occluded one).
        entry.target.setAttribute('data-visible', String(entry.isVisible));
      }
    }, options);
    for (const c of controls) observer.observe(c);
  } catch {
    observer = null;
  }

  return {
    genuine(e, control) {
      if (!e.isTrusted) return false;
      if (hiddenByStyle(host) || hiddenByStyle(document.documentElement)) return false;
      // Only where the browser reports visibility at all: Firefox has no IntersectionObserver v2.
      if (visible.has(control) && visible.get(control) !== true) return false;
      const keyboard = e.detail === 0 && e.clientX === 0 && e.clientY === 0;
      if (keyboard) return shadow.activeElement === control;
      return underPoint(host, shadow, control, e.clientX, e.clientY);
    },
    stop() {
      observer?.disconnect();
    },
  };
}
