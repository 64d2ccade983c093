// @vitest-environment happy-dom
/**
 * Fault suite: a message that is one long run of whitespace or line breaks. Reading a turn's
 * text used to backtrack over such runs (40,000 spaces took 2.2 s per read, on every capture
 * tick); at the sizes below a super-linear reader would take minutes, so the test's own timeout
 * is what fails. The assertions are results; `npm run bench:strip` prints the times.
 */
import { describe, expect, it } from 'vitest';
import { blockText } from '../../../lib/adapters/dom';

const RUN = 400_000;

function message(inner: string): HTMLElement {
  const el = document.createElement('div');
  el.innerHTML = inner;
  return el;
}

describe('whitespace runs in a message', () => {
  it.each([
    ['spaces', ' '],
    ['tabs', '\t'],
    ['non-breaking spaces', '\u00a0'],
    ['carriage returns', '\r'],
  ])('%s between two words read as the words, in linear time', (_name, unit) => {
    const el = message('');
    el.append(`before${unit.repeat(RUN)}after`);
    const text = blockText(el);
    expect(text.startsWith('before')).toBe(true);
    expect(text.endsWith('after')).toBe(true);
  });

  it('a run of spaces at a paragraph boundary is dropped', () => {
    const el = message(`<p>first${' '.repeat(RUN)}</p>${'\t'.repeat(RUN)}<p>second</p>`);
    expect(blockText(el)).toBe('first\nsecond');
  });

  it('tabs before a line break are trimmed, however many', () => {
    const el = message('');
    el.append(`line one${'\t'.repeat(RUN)}\nline two`);
    expect(blockText(el)).toBe('line one\nline two');
  });

  it('2,000 <br>s between runs of spaces (400,000 characters) read as one blank line', () => {
    const el = message('');
    el.append('top');
    for (let i = 0; i < 2000; i++) el.append(' '.repeat(200), document.createElement('br'));
    el.append('bottom');
    expect(blockText(el)).toBe('top\n\nbottom');
  });

  it('empty paragraphs full of spaces keep one blank line', () => {
    const el = message(`<p>top</p>${`<p>${' '.repeat(200)}<br></p>`.repeat(2000)}<p>bottom</p>`);
    expect(blockText(el)).toBe('top\n\nbottom');
  });

  it('a page nested 20,000 elements deep is read without running out of stack', () => {
    const el = message('');
    let at: HTMLElement = el;
    for (let i = 0; i < 20_000; i++) {
      const next = document.createElement(i % 2 ? 'span' : 'div');
      at.append(next);
      at = next;
    }
    at.append('deep text');
    expect(blockText(el)).toBe('deep text');
  });
});
