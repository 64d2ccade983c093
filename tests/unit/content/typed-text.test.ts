// @vitest-environment happy-dom
/**
 * Which words of the composer count as the user's: only what a trusted edit itself states (the
 * key's data, the pasted or dropped text, the IME's composition, the replacement a spell checker
 * offers), found where the composer changed. The injector calls beforeEdit/afterEdit only for
 * trusted events; here each kind of input is replayed, and beside it its forged twin: the page
 * writing its own words into the composer inside the same edit (its `beforeinput` listener, its
 * editor, `document.execCommand` from its script), or between two edits.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChatSiteAdapter } from '../../../lib/adapters/types';
import { createTypedText, type StatedEdit } from '../../../lib/content/typed-text';

const adapter = { readComposer: (el: HTMLElement) => (el as HTMLTextAreaElement).value } as unknown as ChatSiteAdapter;
type Typed = ReturnType<typeof createTypedText>;

function composer(): HTMLTextAreaElement {
  const ta = document.createElement('textarea');
  document.body.replaceChildren(ta);
  return ta;
}

const insert = (text: string, selected = ''): StatedEdit => ({ text, removes: 'nothing', selected });
/** One update of an IME composition: it replaces the composition so far. */
const compose = (text: string): StatedEdit => ({ text, removes: 'composition', selected: '' });
const HISTORY: StatedEdit = { text: null, removes: 'nothing', selected: '' };
/** Backspace at a bare caret. */
const DELETE: StatedEdit = { text: '', removes: 'char', selected: '' };

/** One trusted edit: what it states, the text before, then after. */
function edit(typed: Typed, ta: HTMLTextAreaElement, next: string, stated: StatedEdit): void {
  typed.beforeEdit(ta, stated);
  ta.value = next;
  typed.afterEdit(ta);
}

function typeOut(typed: Typed, ta: HTMLTextAreaElement, text: string): void {
  for (const ch of text) edit(typed, ta, ta.value + ch, insert(ch));
}

/** A trusted edit during which the page writes too (its handler runs before the edit is applied). */
function editWithPage(
  typed: Typed,
  ta: HTMLTextAreaElement,
  page: (v: string) => string,
  next: (v: string) => string,
  stated: StatedEdit,
) {
  typed.beforeEdit(ta, stated);
  ta.value = next(page(ta.value));
  typed.afterEdit(ta);
}

describe('the user’s own words in the composer', () => {
  it('counts typed words, a typo fixed with Backspace, and a paste; never what the page wrote', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    typeOut(typed, ta, 'where do I lvie');
    edit(typed, ta, 'where do I lvi', DELETE);
    edit(typed, ta, 'where do I lv', DELETE);
    edit(typed, ta, 'where do I l', DELETE);
    typeOut(typed, ta, 'ive');
    // The page's script adds words between two keystrokes, and hides them in the same box.
    ta.value = `home family health salary employer ${ta.value}`;
    typeOut(typed, ta, '?');
    edit(typed, ta, `${ta.value} pasted: Chengdu`, insert(' pasted: Chengdu'));
    expect(typed.text(ta)).toBe('where do I live? pasted: Chengdu');
  });

  it('counts Chinese committed through an IME in several compositions, and undo', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    // Each composition update states the whole composition, which replaces the previous one.
    edit(typed, ta, 'wo', compose('wo'));
    edit(typed, ta, '我', compose('我'));
    edit(typed, ta, '我zhu', compose('zhu'));
    edit(typed, ta, '我zh', compose('zh')); // Backspace inside the composition
    edit(typed, ta, '我住在', compose('住在'));
    edit(typed, ta, '我住在cheng', compose('cheng'));
    edit(typed, ta, '我住在成都', compose('成都'));
    expect(typed.text(ta)).toBe('我住在成都');
    edit(typed, ta, '我住在成都 ', insert(' '));
    edit(typed, ta, '我住在成都 hi', insert('hi'));
    edit(typed, ta, '我住在成都 ', HISTORY); // undo
    // What an undo takes out counts as page-made: the site's editor decides what it does.
    expect(typed.text(ta)).toBe('');
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
    edit(typed, ta, big, insert(big));
    typeOut(typed, ta, 'end');
    // The page takes one word out of the middle: two words beside it lose their credit (in a
    // text this repetitive the diff places the change just before "end", still two words).
    ta.value = `${big.slice(0, 50_000)}${big.slice(50_005)}end`;
    typeOut(typed, ta, '!');
    console.info(
      `typed text: 100,000-character paste, a page's deletion and 4 keys read in ${(performance.now() - started).toFixed(1)} ms`,
    );
    expect(typed.text(ta).split(' ')).toHaveLength(20_000 - 2);
  });
});

describe('each kind of input is credited; its forged twin is not', () => {
  const PAGE = ' salary employer';

  it('a key', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    typeOut(typed, ta, 'quick questio');
    // The page's beforeinput listener writes its words before the key's "n" is applied.
    editWithPage(
      typed,
      ta,
      (v) => v + PAGE,
      (v) => `${v}n`,
      insert('n'),
    );
    expect(typed.text(ta)).toBe('quick questio');
    const clean = composer();
    const real = createTypedText(adapter);
    typeOut(real, clean, 'quick question');
    expect(real.text(clean)).toBe('quick question');
  });

  it('a key whose text the page wrote instead of the key (its editor took the key and wrote other words)', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    typeOut(typed, ta, 'hi ');
    editWithPage(
      typed,
      ta,
      (v) => `${v}salary`,
      (v) => v,
      insert('s'),
    );
    expect(typed.text(ta)).toBe('hi');
  });

  it('a page-made partial word the user only finishes is not the user’s', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    typeOut(typed, ta, 'hi ');
    ta.value += 'salar';
    typeOut(typed, ta, 'y');
    expect(typed.text(ta)).toBe('hi');
  });

  it('a paste, and a paste the page grows', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    edit(typed, ta, 'I moved to Chengdu', insert('I moved to Chengdu'));
    expect(typed.text(ta)).toBe('I moved to Chengdu');
    editWithPage(
      typed,
      ta,
      (v) => `${v}${PAGE}`,
      (v) => `${v} last spring`,
      insert(' last spring'),
    );
    expect(typed.text(ta)).toBe('I moved to Chengdu');
  });

  it('a drop, and a drop next to which the page writes', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    typeOut(typed, ta, 'see ');
    edit(typed, ta, 'see my notes', insert('my notes'));
    expect(typed.text(ta)).toBe('see my notes');
    // Two changes in one edit: nothing between them can be told apart, so none of it counts.
    editWithPage(
      typed,
      ta,
      (v) => `salary ${v}`,
      (v) => `${v} again`,
      insert(' again'),
    );
    expect(typed.text(ta)).toBe('');
  });

  it('an IME composition, and one into which the page writes', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    edit(typed, ta, 'wo', compose('wo'));
    edit(typed, ta, '我', compose('我'));
    expect(typed.text(ta)).toBe('我');
    editWithPage(
      typed,
      ta,
      (v) => `${v}工资`,
      (v) => `${v}住在`,
      compose('住在'),
    );
    expect(typed.text(ta)).toBe('');
  });

  it('undo and redo put back only the user’s own words, and what they take out is not stated', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    typeOut(typed, ta, 'hello world');
    edit(typed, ta, 'hello world ', insert(' '));
    edit(typed, ta, 'hello world', HISTORY); // undo of the space: no word changes
    expect(typed.text(ta)).toBe('hello world');
    edit(typed, ta, 'hello world now', HISTORY); // a redo of words the user wrote before
    expect(typed.text(ta)).toBe('hello world');
    typeOut(typed, ta, ' now');
    expect(typed.text(ta)).toBe('hello world now');
    // A "redo" that brings words the user never typed (the page wrote them, then took them out).
    edit(typed, ta, 'hello world now salary', HISTORY);
    expect(typed.text(ta)).toBe('hello world');
    // An undo that takes "not" out: the words beside it lose their credit.
    const other = composer();
    const again = createTypedText(adapter);
    typeOut(again, other, 'I do not smoke');
    edit(again, other, 'I do smoke', HISTORY);
    expect(again.text(other)).toBe('I');
  });

  it('autocorrect (insertReplacementText), and a replacement the page swaps', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    typeOut(typed, ta, 'I lvie in ');
    edit(typed, ta, 'I live in ', { text: 'live', removes: 'word', selected: '' });
    typeOut(typed, ta, 'Lyon');
    expect(typed.text(ta)).toBe('I live in Lyon');
    // Everything between the two changes is now in doubt, the user's "in" as well, and what was
    // taken out is more than the one word a replacement takes: "I" beside it loses its credit.
    editWithPage(
      typed,
      ta,
      (v) => v.replace('Lyon', 'Paris'),
      (v) => v.replace('live', 'work'),
      { text: 'work', removes: 'word', selected: '' },
    );
    expect(typed.text(ta)).toBe('');
  });

  it('an input event with no beforeinput (document.execCommand from the page) credits nothing', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    typeOut(typed, ta, 'hi');
    ta.value += PAGE;
    typed.afterEdit(ta);
    expect(typed.text(ta)).toBe('hi');
  });
});

describe('an editor that takes a paste itself', () => {
  it('credits the pasted words when the message is sent before any input event', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    typed.beforeEdit(ta, insert('I moved to Chengdu last spring')); // the trusted paste event
    ta.value = 'I moved to Chengdu last spring'; // ProseMirror's own paste handler
    expect(typed.text(ta)).toBe('I moved to Chengdu last spring'); // Enter at once
  });

  it('a multi-line paste laid out as paragraphs is still the paste', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    typed.beforeEdit(ta, insert('first line\r\n\r\nsecond line'));
    ta.value = 'first line\nsecond line';
    expect(typed.text(ta)).toBe('first line second line');
  });
});

/** True when the composer's whole text counts as typed (the send would claim its captured turn). */
function creditedWhole(typed: Typed, ta: HTMLTextAreaElement): boolean {
  return typed.text(ta) === (ta.value.match(/\S+/g) ?? []).join(' ');
}

describe('a page’s deletions take credit from the words they touch', () => {
  it('"I dislike cats" made "I like cats" between two keys', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    typeOut(typed, ta, 'I dislike');
    ta.value = 'I like';
    typeOut(typed, ta, ' cats');
    expect(ta.value).toBe('I like cats');
    expect(creditedWhole(typed, ta)).toBe(false);
    expect(typed.text(ta)).toBe('cats');
  });

  it('"the rapist" made "therapist" by taking out the space', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    typeOut(typed, ta, 'the rapist');
    ta.value = 'therapist';
    expect(creditedWhole(typed, ta)).toBe(false);
    expect(typed.text(ta)).toBe('');
  });

  it('"I am not unwell, I was never treated for flu" made "I am well, I was treated for flu" between keys', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    typeOut(typed, ta, 'I am not unwell,');
    ta.value = ta.value.replace('not un', '');
    typeOut(typed, ta, ' I was never treated');
    ta.value = ta.value.replace('never ', '');
    typeOut(typed, ta, ' for flu');
    expect(ta.value).toBe('I am well, I was treated for flu');
    expect(creditedWhole(typed, ta)).toBe(false);
    expect(typed.text(ta)).toBe('I I for flu');
  });

  it('the page splitting a word with a space, or a whole word taken out at the very end', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    typeOut(typed, ta, 'therapist notes');
    ta.value = 'the rapist notes';
    expect(typed.text(ta)).toBe('notes');
    const other = composer();
    const again = createTypedText(adapter);
    typeOut(again, other, 'I do not');
    other.value = 'I do';
    expect(again.text(other)).toBe('I');
  });
});

describe('what the user’s own edits take out stays the user’s; a page riding on them does not', () => {
  it('Backspace, Ctrl+Backspace, typing over a selection, a cut', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    typeOut(typed, ta, 'the rapist');
    edit(typed, ta, 'the rapis', DELETE);
    typeOut(typed, ta, 't is');
    edit(typed, ta, 'the rapist ', { text: '', removes: 'word', selected: '' }); // Ctrl+Backspace
    typeOut(typed, ta, 'came');
    expect(typed.text(ta)).toBe('the rapist came');
    // The user selects "came" and types "left" over it; then cuts " left" (deleteByCut).
    edit(typed, ta, 'the rapist l', insert('l', 'came'));
    typeOut(typed, ta, 'eft');
    expect(typed.text(ta)).toBe('the rapist left');
    edit(typed, ta, 'the rapist', { text: '', removes: 'nothing', selected: ' left' });
    // The user's own Backspace on the space joins the words: that is the user's edit.
    edit(typed, ta, 'therapist', { text: '', removes: 'char', selected: '' });
    edit(typed, ta, 'therapis', DELETE);
    edit(typed, ta, 'therapi', DELETE);
    edit(typed, ta, 'therap', DELETE);
    typeOut(typed, ta, 'y');
    expect(typed.text(ta)).toBe('therapy');
    expect(creditedWhole(typed, ta)).toBe(true);
  });

  it('the page takes out more than the user’s Backspace did, in the same edit', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    typeOut(typed, ta, 'I am not unwell');
    // Backspace takes "l"; the page's beforeinput listener takes "not un" as well.
    editWithPage(
      typed,
      ta,
      (v) => v.replace('not un', ''),
      (v) => v.slice(0, -1),
      DELETE,
    );
    expect(ta.value).toBe('I am wel');
    expect(typed.text(ta)).toBe('I');
    expect(creditedWhole(typed, ta)).toBe(false);
  });

  it('the page takes out the words next to a key the user types', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    typeOut(typed, ta, 'I was never treated');
    editWithPage(
      typed,
      ta,
      (v) => v.replace('never treated', 'treated'),
      (v) => `${v},`,
      insert(','),
    );
    expect(creditedWhole(typed, ta)).toBe(false);
    // A key typed right where the page took text out: the page's change touches the key's word.
    const other = composer();
    const again = createTypedText(adapter);
    typeOut(again, other, 'I am not unwell');
    again.beforeEdit(other, insert('x'));
    other.value = 'I am xwell'; // the key typed after "I am ", the page took "not un"
    again.afterEdit(other);
    expect(again.text(other)).toBe('I');
  });

  it('the page selects words just before the user types: only what the user had selected may go', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    typeOut(typed, ta, 'I do not smoke');
    // The user had nothing selected; the key replaced "not " anyway.
    editWithPage(
      typed,
      ta,
      (v) => v.replace('not ', ''),
      (v) => `${v}s`,
      insert('s'),
    );
    expect(creditedWhole(typed, ta)).toBe(false);
  });

  it('an editor trading a space for a no-break space, or laying out a paragraph break, keeps the words', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    typeOut(typed, ta, 'hello world');
    ta.value = 'hello\u00a0world';
    expect(typed.text(ta)).toBe('hello world');
    ta.value = 'hello\n\nworld';
    expect(typed.text(ta)).toBe('hello world');
    ta.value = 'hello\n\nworld\n';
    expect(creditedWhole(typed, ta)).toBe(true);
  });

  it('a composition only takes out the composition it replaces', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    typeOut(typed, ta, '我不');
    edit(typed, ta, '我不xi', compose('xi'));
    // The page takes "不" out while the IME commits 喜欢: "I don't like" becomes "I like".
    editWithPage(
      typed,
      ta,
      (v) => v.replace('不', ''),
      (v) => v.replace('xi', '喜欢'),
      compose('喜欢'),
    );
    expect(ta.value).toBe('我喜欢');
    expect(creditedWhole(typed, ta)).toBe(false);
  });

  it('a new composition cannot take out what the last one committed', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    typeOut(typed, ta, '我');
    edit(typed, ta, '我b', compose('b'));
    edit(typed, ta, '我不', compose('不'));
    typed.compositionEnd(ta);
    // The next composition starts; the page takes the committed "不" out inside its first update.
    editWithPage(
      typed,
      ta,
      (v) => v.replace('不', ''),
      (v) => `${v}c`,
      compose('c'),
    );
    expect(ta.value).toBe('我c');
    expect(creditedWhole(typed, ta)).toBe(false);
  });
});

describe('any change the page makes between the user’s keys (property)', () => {
  const word = fc.stringMatching(/^[abc]{1,3}$/);
  const change = fc.record({
    at: fc.nat(),
    remove: fc.nat({ max: 4 }),
    add: fc.stringMatching(/^[abc ]{0,3}$/),
  });
  const words = (s: string) => (s.match(/\S+/g) ?? []).join(' ');

  it('a change to the words leaves the draft not typed here, and no word it joined, split or cut is credited', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), fc.nat(), fc.option(change), (list, cut, page) => {
        const draft = list.join(' ');
        const k = cut % (draft.length + 1);
        const ta = composer();
        const typed = createTypedText(adapter);
        typeOut(typed, ta, draft.slice(0, k));
        const before = ta.value;
        if (page) {
          const at = page.at % (before.length + 1);
          ta.value = before.slice(0, at) + page.add + before.slice(at + page.remove);
        }
        // A change that left words behind, and changed them (one that empties the box leaves
        // nothing to credit: what the user types next is the user's).
        const changedWords = words(ta.value) !== words(before) && words(ta.value) !== '';
        // Right after it, every credited word is one of the user's words as they were.
        const left: string[] = before.match(/\S+/g) ?? [];
        for (const w of typed.text(ta).match(/\S+/g) ?? []) {
          const i = left.indexOf(w);
          expect(i, `"${w}" is not a word the user had typed`).not.toBe(-1);
          left.splice(i, 1);
        }
        if (changedWords) expect(creditedWhole(typed, ta)).toBe(false);
        typeOut(typed, ta, draft.slice(k));
        if (changedWords) expect(creditedWhole(typed, ta)).toBe(false);
        if (!page) expect(creditedWhole(typed, ta)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('an edit happens where the caret is', () => {
  const visible = (s: string) => s.replace(/\s+/g, '').length;
  /** A key at the caret, stating where the caret was (visible characters before it). */
  const key = (ch: string, before: string): StatedEdit => ({
    text: ch,
    removes: 'nothing',
    selected: '',
    at: visible(before),
  });
  const backspace = (before: string): StatedEdit => ({ text: '', removes: 'char', selected: '', at: visible(before) });

  it('the user’s keys, spaces, Backspace in a run of like letters and at a space are credited', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    for (const ch of 'the rapist feels aaa') edit(typed, ta, ta.value + ch, key(ch, ta.value));
    edit(typed, ta, 'the rapist feels aa', backspace('the rapist feels a')); // caret after the first "a"
    edit(typed, ta, 'the rapist feelsaa', backspace('the rapist feels '));
    edit(typed, ta, 'the rapist feels aa', key(' ', 'the rapist feels'));
    expect(creditedWhole(typed, ta)).toBe(true);
  });

  it('the page swallows Backspace at the end and takes out the space of "the rapist" instead', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    for (const ch of 'the rapist left') edit(typed, ta, ta.value + ch, key(ch, ta.value));
    edit(typed, ta, 'therapist left', backspace('the rapist left'));
    expect(typed.text(ta)).toBe('left');
  });

  it('the page swallows a key and puts the same letter elsewhere ("no" made "not")', () => {
    const ta = composer();
    const typed = createTypedText(adapter);
    for (const ch of 'I do no smoke') edit(typed, ta, ta.value + ch, key(ch, ta.value));
    edit(typed, ta, 'I do not smoke', key('t', 'I do no smoke'));
    expect(creditedWhole(typed, ta)).toBe(false);
  });
});
