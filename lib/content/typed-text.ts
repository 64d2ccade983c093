/**
 * Which words in the composer the user put there. A page controls its DOM: it can fill the
 * composer (or a hidden box that matches the composer's selector) with any words and have
 * memories ranked for them. Only text that the user's own (trusted) input produced is ranked:
 * typing, pasting, dropping, an IME committing Chinese text, undo and redo. Around each
 * trusted edit the composer is read before (`beforeinput`, `paste`, `drop`) and after
 * (`input`, or a moment later for editors that apply the edit themselves, or at the send); the words in the region that changed
 * are the user's. Words that appear any other way (the page's script, a restored draft)
 * never count. One linear diff per edit.
 */
import type { ChatSiteAdapter } from '../adapters/types';

/** A word: a run without whitespace (a Chinese sentence typed without spaces is one). */
const WORD = /\S+/g;

export function createTypedText(adapter: ChatSiteAdapter) {
  let owner: HTMLElement | null = null;
  let words = new Set<string>();
  let before: string | null = null;
  let settle: ReturnType<typeof setTimeout> | undefined;

  function take(composer: HTMLElement): void {
    if (composer !== owner) {
      owner = composer;
      words = new Set();
    }
  }

  /** Adds the words of `after` that lie in the region where it differs from `prior`. */
  function credit(prior: string, after: string): void {
    let start = 0;
    const max = Math.min(prior.length, after.length);
    while (start < max && prior.charCodeAt(start) === after.charCodeAt(start)) start++;
    let end = 0;
    while (end < max - start && prior.charCodeAt(prior.length - 1 - end) === after.charCodeAt(after.length - 1 - end))
      end++;
    // Widen to whole words: an edit inside a word (a typo fixed) makes the whole word the
    // user's; an edit that starts or ends with a space leaves the word beside it alone.
    let from = start;
    let to = after.length - end;
    const space = (i: number) => /\s/.test(after[i] ?? ' ');
    if (to === from || !space(from)) while (from > 0 && !space(from - 1)) from--;
    if (to === start || !space(to - 1)) while (to < after.length && !space(to)) to++;
    for (const w of after.slice(from, to).match(WORD) ?? []) words.add(w);
  }

  return {
    /**
     * A trusted `beforeinput`, `paste` or `drop` in the composer: the text before the user's
     * edit (editors such as ProseMirror, Lexical and Quill take a paste in their own handler,
     * with no `beforeinput` or `input` at all).
     */
    beforeEdit(composer: HTMLElement): void {
      if (before !== null && owner) this.afterEdit(owner);
      take(composer);
      before = adapter.readComposer(composer);
      clearTimeout(settle);
      // Editors that apply the edit themselves (and fire no `input`) have done so by then.
      settle = setTimeout(() => this.afterEdit(composer), 0);
    },
    /** A trusted `input` (or the moment after a handled `beforeinput`): credit what changed. */
    afterEdit(composer: HTMLElement): void {
      if (composer !== owner || before === null) return;
      clearTimeout(settle);
      const after = adapter.readComposer(composer);
      credit(before, after);
      before = null;
    },
    /** The composer's text reduced to the user's own words, in order. */
    text(composer: HTMLElement): string {
      if (composer !== owner) return '';
      // An edit whose `input` has not come yet (a paste the editor applied itself, then Enter).
      if (before !== null) this.afterEdit(composer);
      return (adapter.readComposer(composer).match(WORD) ?? []).filter((w) => words.has(w)).join(' ');
    },
    /** A new conversation: nothing typed before it counts for it. */
    clear(): void {
      clearTimeout(settle);
      owner = null;
      words = new Set();
      before = null;
    },
  };
}
