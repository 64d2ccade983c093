// @vitest-environment happy-dom
/**
 * Which words of the composer count as the user's: those a trusted edit put there. The
 * injector calls beforeEdit/afterEdit only for trusted events; here each step of a user's
 * typing, pasting, IME commit and undo is replayed, with the page's own writes in between.
 */
import { describe, expect, it } from 'vitest';
import type { ChatSiteAdapter } from '../../../lib/adapters/types';
import { createTypedText } from '../../../lib/content/typed-text';

const adapter = { readComposer: (el: HTMLElement) => (el as HTMLTextAreaElement).value } as unknown as ChatSiteAdapter;

function composer(): HTMLTextAreaElement {
  const ta = document.createElement('textarea');
  document.body.replaceChildren(ta);
  return ta;
}

/** One trusted edit: the text before, then after. */
function edit(typed: ReturnType<typeof createTypedText>, ta: HTMLTextAreaElement, next: string): void {
  typed.beforeEdit(ta);
  ta.value = next;
  typed.afterEdit(ta);
}

function typeOut(typed: ReturnType<typeof createTypedText>, ta: HTMLTextAreaElement, text: string): void {
  for (const ch of text) edit(typed, ta, ta.value + ch);
}

describe('the user’s own words in the composer', () => {
  it('counts typed words, a typo fixed with Backspace, and a paste; never what the page wrote', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    typeOut(typed, ta, 'where do I lvie');
    edit(typed, ta, 'where do I lvi');
    edit(typed, ta, 'where do I lv');
    edit(typed, ta, 'where do I l');
    typeOut(typed, ta, 'ive');
    // The page's script adds words between two keystrokes, and hides them in the same box.
    ta.value = `home family health salary employer ${ta.value}`;
    typeOut(typed, ta, '?');
    edit(typed, ta, `${ta.value} pasted: Chengdu`);
    expect(typed.text(ta)).toBe('where do I live? pasted: Chengdu');
  });

  it('counts Chinese committed through an IME in several compositions, and undo', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    // Each composition update is an edit; the pinyin in between is replaced by the characters.
    edit(typed, ta, 'wo');
    edit(typed, ta, '我');
    edit(typed, ta, '我zhu');
    edit(typed, ta, '我住在');
    edit(typed, ta, '我住在cheng');
    edit(typed, ta, '我住在成都');
    expect(typed.text(ta)).toBe('我住在成都');
    edit(typed, ta, '我住在成都 salary');
    edit(typed, ta, '我住在成都'); // undo
    expect(typed.text(ta)).toBe('我住在成都');
  });

  it('a box the user never typed in, or a new conversation, has no words of the user', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    ta.value = 'home family health salary employer';
    expect(typed.text(ta)).toBe('');
    typeOut(typed, ta, ' hi');
    expect(typed.text(ta)).toBe('hi');
    typed.clear();
    expect(typed.text(ta)).toBe('');
  });

  it('reads each edit once, in linear time, for a 100,000-character paste', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    const big = 'word '.repeat(20_000);
    const started = performance.now();
    edit(typed, ta, big);
    typeOut(typed, ta, 'end');
    console.info(
      `typed text: 100,000-character paste and 3 keys credited in ${(performance.now() - started).toFixed(1)} ms`,
    );
    expect(typed.text(ta).split(' ')).toHaveLength(20_001);
  });
});

describe('an editor that takes a paste itself', () => {
  it('credits the pasted words when the message is sent before any input event', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    typed.beforeEdit(ta); // the trusted paste event
    ta.value = 'I moved to Chengdu last spring'; // ProseMirror's own paste handler
    expect(typed.text(ta)).toBe('I moved to Chengdu last spring'); // Enter at once
  });
});
