/**
 * Whether the panel's controls fit as drawn: a button's or tab's label never breaks inside a
 * word (each word's rendered rects sit on one line; the label's line count is at most its word
 * count), no control is cut (its text wider than its box, a select's chosen option wider than
 * the select, a box squeezed below its size), and nothing runs past the right edge.
 */
import type { Page } from 'playwright-core';

export interface FitReport {
  /** One line per problem, naming the control and what is wrong. */
  problems: string[];
  /** How many labels were measured (a walk that measured nothing measured the wrong page). */
  measured: number;
}

/** Measures every drawn control of the page as it is now. */
export function measureFit(panel: Page): Promise<FitReport> {
  return panel.evaluate(() => {
    const problems: string[] = [];
    const drawn = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none';
    };
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 40)}"`;
    /** The distinct lines a range's rects fall on (rects whose vertical middles differ by a line). */
    const linesOf = (rects: DOMRect[]) => {
      const tops: number[] = [];
      for (const r of rects.filter((x) => x.width > 0.5)) {
        const mid = r.top + r.height / 2;
        if (!tops.some((t) => Math.abs(t - mid) < r.height / 2)) tops.push(mid);
      }
      return tops.length;
    };
    let measured = 0;
    const labels = document.querySelectorAll('button, [role="tab"], .button, summary');
    for (const el of labels) {
      if (!drawn(el)) continue;
      measured++;
      let words = 0;
      const rects: DOMRect[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        // Text for screen readers only (1 px, clipped) is not drawn.
        if ((node.parentElement?.getBoundingClientRect().width ?? 0) <= 1) continue;
        const whole = document.createRange();
        whole.selectNodeContents(node);
        rects.push(...whole.getClientRects());
        for (const m of text.matchAll(/\S+/g)) {
          words++;
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = linesOf([...range.getClientRects()]);
          if (lines > 1) problems.push(`${name(el)}: the word "${m[0]}" breaks over ${lines} lines`);
        }
      }
      const lines = linesOf(rects);
      if (words > 0 && lines > words) problems.push(`${name(el)}: ${lines} lines for ${words} words`);
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
        problems.push(`${name(el)}: cut (text ${el.scrollWidth} px in ${el.clientWidth} px)`);
    }
    const canvas = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    for (const select of document.querySelectorAll('select')) {
      if (!drawn(select)) continue;
      measured++;
      const style = getComputedStyle(select);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const chosen = select.selectedOptions[0]?.textContent ?? '';
      const text = canvas.measureText(chosen).width;
      // Chromium draws the arrow inside the padding box, about 20 px at the right.
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
      if (text > room + 1) problems.push(`select "${chosen}": cut (${Math.round(text)} px in ${Math.round(room)} px)`);
    }
    for (const box of document.querySelectorAll('input[type="checkbox"], input[type="radio"]')) {
      if (box.classList.contains('visually-hidden')) continue;
      const r = box.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.width < 10 || r.height < 10)
        problems.push(`${name(box.closest('label') ?? box)}: its box is squeezed to ${Math.round(r.width)} px`);
    }
    for (const field of document.querySelectorAll('input:not([type="checkbox"]):not([type="radio"]), textarea')) {
      if (!drawn(field) || field.classList.contains('visually-hidden')) continue;
      if (field.getBoundingClientRect().width < 48)
        problems.push(`${name(field)}: a field ${Math.round(field.getBoundingClientRect().width)} px wide`);
    }
    const edge = (document.scrollingElement as Element).clientWidth;
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width > 1 && r.height > 1 && r.right > edge + 0.5)
        problems.push(`${name(el)}: runs past the right edge (${Math.round(r.right)} > ${edge})`);
    }
    return { problems, measured };
  });
}
