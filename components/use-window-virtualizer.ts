/**
 * @tanstack/virtual-core bound to Preact, scrolling with the page (the side panel scrolls as
 * a whole; the list starts below the search and filter bars). Mirrors what the official
 * React adapter does: one Virtualizer per component, options refreshed on every render,
 * mount and update hooks in layout effects, and a re-render whenever it reports a change.
 */
import {
  observeWindowOffset,
  observeWindowRect,
  Virtualizer,
  type VirtualizerOptions,
  windowScroll,
} from '@tanstack/virtual-core';
import type { RefObject } from 'preact';
import { useLayoutEffect, useReducer, useRef, useState } from 'preact/hooks';

export interface WindowVirtualizerInput {
  count: number;
  estimateSize: number;
  overscan: number;
  scrollMargin: number;
  getItemKey: (index: number) => string;
}

export function useWindowVirtualizer(input: WindowVirtualizerInput): Virtualizer<Window, HTMLElement> {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const options: VirtualizerOptions<Window, HTMLElement> = {
    count: input.count,
    estimateSize: () => input.estimateSize,
    overscan: input.overscan,
    scrollMargin: input.scrollMargin,
    getItemKey: input.getItemKey,
    getScrollElement: () => window,
    observeElementRect: observeWindowRect,
    observeElementOffset: observeWindowOffset,
    scrollToFn: windowScroll,
    initialOffset: () => window.scrollY,
    onChange: () => rerender(0),
  };
  const [instance] = useState(() => new Virtualizer<Window, HTMLElement>(options));
  instance.setOptions(options);
  useLayoutEffect(() => instance._didMount(), [instance]);
  useLayoutEffect(() => instance._willUpdate());
  return instance;
}

/**
 * A list's distance from the top of the page (the virtualizer's scroll margin), measured again
 * whenever the page above it changes size.
 */
export function useListTop(): [RefObject<HTMLUListElement | null>, number] {
  const listRef = useRef<HTMLUListElement>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const el = listRef.current;
      if (el) setMargin(Math.round(el.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(document.body);
    return () => ro.disconnect();
  }, []);
  return [listRef, margin];
}
