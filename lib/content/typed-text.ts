/**
 * Which words in the composer the user put there. A page controls its DOM: it can fill the
 * composer (or a hidden box that matches the composer's selector) with any words and have
 * memories ranked for them, also while the user's own key is being handled (its `beforeinput`
 * listener or its editor runs between our reads, and `document.execCommand` from its script
 * fires a trusted `input`). So only what a trusted edit itself states is credited: the key's
 * `data`, the pasted or dropped text, the IME's composition, a spell checker's replacement
 * (stated-edit.ts). Around each trusted edit the composer is read before (`beforeinput`,
 * `paste`, `drop`) and after (`input`, or a moment later for editors that apply the edit
 * themselves, or at the send); the region that changed is the user's only when the stated text
 * covers all of it, what went out of it is what the edit takes out (the selection it replaces,
 * one character for Backspace, ...: stated-edit.ts), and it happened where the caret was. Any other change, in that window
 * or between edits, is page-made, and a page-made change takes credit from the nearest word on
 * each side of it too: taking "dis" out of "I dislike", the space out of "the rapist", or
 * "never " out of "I was never treated" leaves words the user typed that now say something the
 * user did not. Only whitespace moved without joining or splitting words keeps them. Undo and
 * redo state no text: they may only bring back words the user wrote before, and what they take
 * out counts as page-made (the site's editor decides what an undo does).
 *
 * The composer's last known text is kept with one mark per character (the user's or not), so
 * a word counts only when every one of its characters came from the user: a word the page
 * started and the user finished is not the user's. One linear diff per read.
 */
import type { ChatSiteAdapter } from '../adapters/types';
import { atCaret, changedRegion, coveredBy, keepsWords, removalStated } from './text-diff';

/** What a trusted edit says it does (stated-edit.ts). */
export interface StatedEdit {
  /** The text it puts in ('' for none, '\n' for a line break); null for undo and redo. */
  text: string | null;
  /** What it takes out at a bare caret. */
  removes: 'nothing' | 'char' | 'word' | 'line' | 'composition';
  /** The selection it replaces. */
  selected: string;
  /** Visible characters before the caret (or the selection) as it began; null: not known. */
  at?: number | null;
}

/** A word: a run without whitespace (a Chinese sentence typed without spaces is one). */
const WORD = /\S+/g;
const SPACE = /\s/;

/** True when [from, to) of `text` sits between two characters of what was one word. */
function inWord(text: string, from: number, to: number): boolean {
  return from > 0 && to < text.length && !SPACE.test(text[from - 1] ?? ' ') && !SPACE.test(text[to] ?? ' ');
}

/** Takes credit from the nearest word on each side of [from, to) in `text` (and from the region). */
function untrustAround(marks: Uint8Array, text: string, from: number, to: number): void {
  let i = from - 1;
  while (i >= 0 && SPACE.test(text[i] ?? '')) i--;
  while (i >= 0 && !SPACE.test(text[i] ?? ' ')) marks[i--] = 0;
  let j = to;
  while (j < text.length && SPACE.test(text[j] ?? '')) j++;
  while (j < text.length && !SPACE.test(text[j] ?? ' ')) marks[j++] = 0;
}

export function createTypedText(adapter: ChatSiteAdapter) {
  let owner: HTMLElement | null = null;
  /** The composer's text as last read, and which of its characters the user's edits put there. */
  let known = '';
  let mine = new Uint8Array(0);
  /** Every word the user wrote in this composer: what undo and redo may bring back. */
  let written = new Set<string>();
  let pending: { stated: StatedEdit } | null = null;
  /** The IME's composition so far: its next update replaces it. */
  let composition = '';
  let settle: ReturnType<typeof setTimeout> | undefined;

  function take(composer: HTMLElement): void {
    if (composer === owner) return;
    owner = composer;
    known = '';
    mine = new Uint8Array(0);
    written = new Set();
    composition = '';
  }

  /**
   * Moves to `next`. The region that changed is the user's when `stated` says so; otherwise none
   * of it is, and when the change took text out or went inside a word, nor is the nearest word on
   * each side of it (unless only whitespace moved, joining and splitting nothing).
   */
  function apply(next: string, stated: (from: number, to: number, removed: string) => boolean): void {
    const { start, endPrior, endNext } = changedRegion(known, next);
    const marks = new Uint8Array(next.length);
    marks.set(mine.subarray(0, start));
    marks.set(mine.subarray(endPrior), endNext);
    const removed = known.slice(start, endPrior);
    const added = next.slice(start, endNext);
    if (removed !== '' || added !== '') {
      if (stated(start, endNext, removed)) marks.fill(1, start, endNext);
      // Added text carries no credit; what was taken out leaves no characters to mark, and text
      // put inside a word splits it: there the words beside the change lose theirs.
      else if (
        (removed !== '' || inWord(next, start, endNext)) &&
        !keepsWords(removed, added, next[start - 1], next[endNext])
      )
        untrustAround(marks, next, start, endNext);
    }
    known = next;
    mine = marks;
    for (const w of wordsAround(start, endNext)) if (w.all) written.add(w.text);
  }

  /** The words of `known` that touch [from, to), each with whether all of it is the user's. */
  function wordsAround(from: number, to: number): { text: string; all: boolean }[] {
    let a = from;
    let b = to;
    while (a > 0 && !SPACE.test(known[a - 1] ?? ' ')) a--;
    while (b < known.length && !SPACE.test(known[b] ?? ' ')) b++;
    const out: { text: string; all: boolean }[] = [];
    for (const m of known.slice(a, b).matchAll(WORD)) {
      const s = a + m.index;
      out.push({ text: m[0], all: isMine(s, s + m[0].length) });
    }
    return out;
  }

  function isMine(from: number, to: number): boolean {
    for (let i = from; i < to; i++) if (!mine[i] && !SPACE.test(known[i] ?? '')) return false;
    return true;
  }

  /** A change nobody stated (the page's script, a restored draft): none of it is the user's. */
  function catchUp(composer: HTMLElement): void {
    const now = adapter.readComposer(composer);
    if (now !== known) apply(now, () => false);
  }

  function credit(after: string, edit: StatedEdit): void {
    const before = known;
    apply(after, (from, to, removed) => {
      if (edit.text === null) return removed === '' && to > from && bringsBack(after, from, to);
      if (!removalStated(removed, edit.removes, edit.selected, composition)) return false;
      if (!atCaret(before, after, from, removed, edit)) return false;
      const added = after.slice(from, to);
      if (added.trim() === '') return added === '' || SPACE.test(edit.text);
      return coveredBy(after, from, to, edit.text);
    });
    composition = edit.removes === 'composition' ? (edit.text ?? '') : '';
  }

  /** Undo and redo bring back text the editor kept: only words the user wrote before. */
  function bringsBack(after: string, from: number, to: number): boolean {
    let a = from;
    let b = to;
    while (a > 0 && !SPACE.test(after[a - 1] ?? ' ')) a--;
    while (b < after.length && !SPACE.test(after[b] ?? ' ')) b++;
    const region = after.slice(from, to);
    return region.trim() !== '' && (after.slice(a, b).match(WORD) ?? []).every((w) => written.has(w));
  }

  return {
    /** A trusted `beforeinput`, `paste` or `drop` in the composer, with what it states. */
    beforeEdit(composer: HTMLElement, stated: StatedEdit): void {
      if (pending && owner) this.afterEdit(owner);
      take(composer);
      catchUp(composer);
      pending = { stated };
      clearTimeout(settle);
      // Editors that apply the edit themselves (and fire no `input`) have done so by then.
      settle = setTimeout(() => this.afterEdit(composer), 0);
    },
    /** A trusted `input` (or the moment after a handled `beforeinput`): credit what the edit stated. */
    afterEdit(composer: HTMLElement): void {
      if (composer !== owner || pending === null) return;
      clearTimeout(settle);
      const { stated } = pending;
      pending = null;
      credit(adapter.readComposer(composer), stated);
    },
    /** A trusted `compositionend`: the next composition replaces nothing already committed. */
    compositionEnd(composer: HTMLElement): void {
      if (pending && owner) this.afterEdit(owner);
      if (composer === owner) composition = '';
    },
    /** The composer's text reduced to the user's own words, in order. */
    text(composer: HTMLElement): string {
      if (composer !== owner) return '';
      // An edit whose `input` has not come yet (a paste the editor applied itself, then Enter).
      if (pending !== null) this.afterEdit(composer);
      catchUp(composer);
      const words: string[] = [];
      for (const m of known.matchAll(WORD)) if (isMine(m.index, m.index + m[0].length)) words.push(m[0]);
      return words.join(' ');
    },
    /** A new conversation: nothing typed before it counts for it. */
    clear(): void {
      clearTimeout(settle);
      owner = null;
      known = '';
      mine = new Uint8Array(0);
      written = new Set();
      composition = '';
      pending = null;
    },
  };
}

export type TypedText = ReturnType<typeof createTypedText>;
