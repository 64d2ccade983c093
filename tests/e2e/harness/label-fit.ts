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

/** Words broken over lines, more lines than words, text wider than its button. */
function labelProblems(panel: Page): Promise<FitReport> {
  return panel.evaluate(() => {
    const problems: string[] = [];
    const name = (el: Element) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    /** The distinct lines rects fall on (rects whose vertical middles differ by half a line). */
    const linesOf = (rects: DOMRect[]) => {
      const mids: number[] = [];
      for (const r of rects.filter((x) => x.width > 0.5)) {
        const mid = r.top + r.height / 2;
        if (!mids.some((m) => Math.abs(m - mid) < r.height / 2)) mids.push(mid);
      }
      return mids.length;
    };
    const wordRange = (node: Node, at: number, length: number) => {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + length);
      return range;
    };
    let measured = 0;
    for (const el of document.querySelectorAll('button, [role="tab"], .button, summary')) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
      measured++;
      let words = 0;
      const rects: DOMRect[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // Text for screen readers only (1 px, clipped) is not drawn.
        if ((node.parentElement?.getBoundingClientRect().width ?? 0) <= 1) continue;
        const whole = document.createRange();
        whole.selectNodeContents(node);
        rects.push(...whole.getClientRects());
        for (const m of (node.textContent ?? '').matchAll(/\S+/g)) {
          words++;
          const lines = linesOf([...wordRange(node, m.index, m[0].length).getClientRects()]);
          if (lines > 1) problems.push(`${name(el)}: the word "${m[0]}" breaks over ${lines} lines`);
        }
      }
      const lines = linesOf(rects);
      if (words > 0 && lines > words) problems.push(`${name(el)}: ${lines} lines for ${words} words`);
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
        problems.push(`${name(el)}: cut (text ${el.scrollWidth} px in ${el.clientWidth} px)`);
    }
    return { problems, measured };
  });
}

/** A select whose chosen option is wider than it, a box or field squeezed, anything past the right edge. */
function controlProblems(panel: Page): Promise<FitReport> {
  return panel.evaluate(() => {
    const problems: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}"`;
    const canvas = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    let measured = 0;
    for (const select of document.querySelectorAll('select')) {
      if (select.getBoundingClientRect().width <= 1) continue;
      measured++;
      const style = getComputedStyle(select);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const chosen = select.selectedOptions[0]?.textContent ?? '';
      const text = canvas.measureText(chosen).width;
      // Chromium draws the arrow inside the padding box, about 16 px at the right.
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
      if (text > room + 1) problems.push(`select "${chosen}": cut (${Math.round(text)} px in ${Math.round(room)} px)`);
    }
    for (const box of document.querySelectorAll('input[type="checkbox"], input[type="radio"]')) {
      const r = box.getBoundingClientRect();
      if (box.classList.contains('visually-hidden') || (r.width === 0 && r.height === 0)) continue;
      if (r.width < 10 || r.height < 10)
        problems.push(`${name(box.closest('label') ?? box)}: its box is squeezed to ${Math.round(r.width)} px`);
    }
    for (const field of document.querySelectorAll('input:not([type="checkbox"]):not([type="radio"]), textarea')) {
      const width = field.getBoundingClientRect().width;
      if (width > 1 && width < 48 && !field.classList.contains('visually-hidden'))
        problems.push(`${name(field)}: a field ${Math.round(width)} px wide`);
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

/** Measures every drawn control of the page as it is now. */
export async function measureFit(panel: Page): Promise<FitReport> {
  const labels = await labelProblems(panel);
  const controls = await controlProblems(panel);
  return { problems: [...labels.problems, ...controls.problems], measured: labels.measured + controls.measured };
}

/**
 * Measures once the layout has settled: a chart sizes itself from a ResizeObserver a frame
 * after the width changes, so a first measure can catch it at the width before. What stays
 * wrong for two seconds of frames is reported.
 */
export async function settledFit(panel: Page): Promise<FitReport> {
  const until = Date.now() + 2_000;
  let fit = await measureFit(panel);
  while (fit.problems.length > 0 && Date.now() < until) {
    await panel.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    fit = await measureFit(panel);
  }
  return fit;
}
