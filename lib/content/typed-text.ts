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
 * covers all of it. Any other change, in that window or between edits, is page-made. Undo and
 * redo state no text: they may only bring back words the user wrote before.
 *
 * The composer's last known text is kept with one mark per character (the user's or not), so
 * a word counts only when every one of its characters came from the user: a word the page
 * started and the user finished is not the user's. One linear diff per read.
 */
import type { ChatSiteAdapter } from '../adapters/types';
import { changedRegion, coveredBy } from './text-diff';

/** What a trusted edit says it does (stated-edit.ts). */
export type StatedEdit = { kind: 'insert'; text: string } | { kind: 'history' } | { kind: 'other' };

/** A word: a run without whitespace (a Chinese sentence typed without spaces is one). */
const WORD = /\S+/g;
const SPACE = /\s/;

export function createTypedText(adapter: ChatSiteAdapter) {
  let owner: HTMLElement | null = null;
  /** The composer's text as last read, and which of its characters the user's edits put there. */
  let known = '';
  let mine = new Uint8Array(0);
  /** Every word the user wrote in this composer: what undo and redo may bring back. */
  let written = new Set<string>();
  let pending: { stated: StatedEdit } | null = null;
  let settle: ReturnType<typeof setTimeout> | undefined;

  function take(composer: HTMLElement): void {
    if (composer === owner) return;
    owner = composer;
    known = '';
    mine = new Uint8Array(0);
    written = new Set();
  }

  /** Moves to `next`: the region that changed gets `mark` for each of its characters. */
  function apply(next: string, mark: (from: number, to: number) => boolean): void {
    const { start, endPrior, endNext } = changedRegion(known, next);
    const marks = new Uint8Array(next.length);
    marks.set(mine.subarray(0, start));
    marks.set(mine.subarray(endPrior), endNext);
    if (endNext > start && mark(start, endNext)) marks.fill(1, start, endNext);
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

  function credit(after: string, stated: StatedEdit): void {
    apply(after, (from, to) => {
      if (stated.kind === 'insert') return coveredBy(after, from, to, stated.text);
      if (stated.kind !== 'history') return false;
      // Undo and redo bring back text the editor kept: only words the user wrote before.
      const region = after.slice(from, to);
      let a = from;
      let b = to;
      while (a > 0 && !SPACE.test(after[a - 1] ?? ' ')) a--;
      while (b < after.length && !SPACE.test(after[b] ?? ' ')) b++;
      return region.trim() !== '' && (after.slice(a, b).match(WORD) ?? []).every((w) => written.has(w));
    });
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
      pending = null;
    },
  };
}
