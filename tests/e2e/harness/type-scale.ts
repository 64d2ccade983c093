/**
 * What the panel's text measures once the browser has styled it: the computed size, line height
 * and font list of the body, a memory's text and a hint, and the smallest size any drawn text in
 * the page has. Written as one expression so playwright (Chromium) and puppeteer (Firefox) both
 * evaluate it as it stands.
 */
import { expect } from 'vitest';

export interface TextStyle {
  size: number;
  /** Line height as a multiple of the size. */
  leading: number;
  family: string;
}

export interface TypeMeasure {
  body: TextStyle | null;
  memory: TextStyle | null;
  hint: TextStyle | null;
  /** The smallest font size of any element that draws text of its own. */
  smallest: { size: number; what: string };
}

export const MEASURE_TYPE = `(() => {
  const read = (selector) => {
    const el = document.querySelector(selector);
    if (!el) return null;
    const c = getComputedStyle(el);
    const size = parseFloat(c.fontSize);
    const leading = c.lineHeight === 'normal' ? 0 : parseFloat(c.lineHeight) / size;
    return { size, leading, family: c.fontFamily };
  };
  let smallest = { size: Infinity, what: '' };
  for (const el of document.querySelectorAll('body *')) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== '');
    const r = el.getBoundingClientRect();
    if (!own || r.width <= 1 || r.height <= 1) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < smallest.size) smallest = { size, what: el.tagName.toLowerCase() + '.' + el.className + ' "' + el.textContent.trim().slice(0, 30) + '"' };
  }
  return { body: read('body'), memory: read('.memory-content'), hint: read('.field-hint, .menu-hint'), smallest };
})()`;

/** Body and memory text at 13 px or more with a line height of 1.4 or more, in a list with the Chinese fonts; nothing drawn below 12 px. */
export function expectReadableType(m: TypeMeasure, where: string): void {
  for (const [name, style] of [
    ['body', m.body],
    ['memory', m.memory],
  ] as const) {
    expect(style, `${where}: ${name}`).not.toBeNull();
    expect(style!.size, `${where}: ${name} size`).toBeGreaterThanOrEqual(13);
    expect(style!.leading, `${where}: ${name} line height`).toBeGreaterThanOrEqual(1.4);
    for (const font of ['PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC'])
      expect(style!.family, `${where}: ${name} font list`).toContain(font);
  }
  expect(m.hint?.size ?? 0, `${where}: hint size`).toBeGreaterThanOrEqual(13);
  expect(m.smallest.size, `${where}: smallest text ${m.smallest.what}`).toBeGreaterThanOrEqual(12);
}
