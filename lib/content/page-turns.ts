/**
 * The conversation as the page shows it, read incrementally so that the work per page change
 * does not grow with the conversation. The page's MutationObserver records say what changed:
 * a turn whose subtree changed is read again, the others keep the text read before (keyed by
 * their element); the list of turn elements is looked up again only when a change could have
 * added, removed or re-classed a turn. Reading stops once the chat's bound is reached (the
 * background keeps no more), so a long chat's text is held once, and only what can be stored.
 * Which elements lie in skip areas is remembered too; a change forgets it for the elements it
 * touched, those above them and, for attributes of an element holding turns, all of them. Not
 * followed: a skip selector on an element above a turn that looks at that element's children
 * (`:has()`) changing with them; the sites' only `:has()` skip (claude) sits inside answers.
 */
import type { ChatSiteAdapter, ChatTurn, TurnElement } from '../adapters/types';
import { stripInjectedBlocks } from '../ranking/block';
import { boundTurns, MAX_CHAT_CHARS, MAX_CHAT_TURNS } from '../sites/bounds';
import { turnHash } from './turn-delta';

/** A turn as it may be sent: our block stripped, cut to the bounds, with its fingerprint. */
export interface ReadTurn extends ChatTurn {
  hash: string;
}

export class PageTurns {
  /** Cleaned text per turn element (null: nothing left once cleaned). */
  private texts = new WeakMap<Element, ReadTurn | null>();
  /** Which elements are in skip areas (lib/adapters/dom.ts SkipMemo). */
  private skipped = new WeakMap<Element, boolean>();
  private list: TurnElement[] | null = null;
  /** The elements of `list`, to tell a change inside a turn from one around turns. */
  private turnSet = new WeakSet<Element>();
  private last: ReadTurn[] | null = null;
  private marks = '';
  /** Every selector a turn can be found by: a change touching one may change the list. */
  private readonly candidates: string;

  constructor(private readonly adapter: ChatSiteAdapter) {
    this.candidates = [...adapter.selectors.userTurn, ...adapter.selectors.assistantTurn].join(', ');
  }

  /** Forgets everything read: changes were not observed meanwhile. */
  reset(): void {
    this.texts = new WeakMap();
    this.skipped = new WeakMap();
    this.turnSet = new WeakSet();
    this.list = null;
    this.last = null;
  }

  /** What the page's observer saw: the turns to read again, and whether to look for turns again. */
  changed(records: readonly MutationRecord[]): void {
    for (const record of records) {
      this.last = null;
      const target = record.target.nodeType === 1 ? (record.target as Element) : record.target.parentElement;
      // Whatever turn holds the change is read again; the skip status of the elements above the
      // change is asked again (a selector may look at children, as `:has()` does).
      let turn: Element | null = null;
      for (let at = target; at; at = at.parentElement) {
        this.texts.delete(at);
        this.skipped.delete(at);
        if (!turn && this.turnSet.has(at)) turn = at;
      }
      if (!this.list || record.type === 'characterData') continue;
      const moved =
        turn && (turn !== target || record.type === 'childList')
          ? this.turnInside(record, target!)
          : this.mayMoveTurns(record, target);
      if (moved) this.list = null;
    }
  }

  /**
   * A change inside a turn (an answer streaming) cannot add or remove a turn: whatever appears in
   * there is nested in it, and the outermost is what counts. Unless it matches a turn selector
   * (a list can switch to an earlier selector), one query tells.
   */
  private turnInside(record: MutationRecord, target: Element): boolean {
    try {
      if (record.type === 'attributes') return target.matches(this.candidates);
      // What was added is now below the target: if nothing there is a turn, nothing added was.
      return record.addedNodes.length > 0 && target.querySelector(this.candidates) !== null;
    } catch {
      return true;
    }
  }

  /** The turns in order, cleaned and cut to the bounds; the same array while nothing changed. */
  read(marks: readonly string[]): ReadTurn[] {
    const key = marks.join('\n');
    if (key !== this.marks) {
      this.marks = key;
      this.texts = new WeakMap();
      this.last = null;
    }
    if (this.last) return this.last;
    if (!this.list) {
      this.list = this.adapter.turnElements(document, this.skipped);
      this.turnSet = new WeakSet(this.list.map((t) => t.el));
    }
    const kept: ReadTurn[] = [];
    let chars = 0;
    for (const turn of this.list) {
      // Enough to cut at the bound (one turn past it carries the marker); the rest is never kept.
      if (kept.length > MAX_CHAT_TURNS || chars > MAX_CHAT_CHARS) break;
      const read = this.textOf(turn, marks);
      if (!read) continue;
      kept.push(read);
      chars += read.text.length;
    }
    const bounded = boundTurns(kept);
    // A turn cut at a bound is a new object whose fingerprint must be of the cut text.
    this.last = bounded.map((t, i) => (t === kept[i] ? t : { role: t.role, text: t.text, hash: turnHash(t) }));
    return this.last;
  }

  private textOf(turn: TurnElement, marks: readonly string[]): ReadTurn | null {
    const known = this.texts.get(turn.el);
    if (known !== undefined && (known === null || known.role === turn.role)) return known;
    const raw = this.adapter.turnText(turn);
    const text = turn.role === 'user' ? stripInjectedBlocks(raw, marks) : raw;
    const read = text ? { role: turn.role, text, hash: turnHash({ role: turn.role, text }) } : null;
    this.texts.set(turn.el, read);
    return read;
  }

  /**
   * Whether a change may add, remove or re-class a turn: an element that is or holds a turn
   * came or went, or changed its attributes (which decide turn selectors and skip areas).
   */
  private mayMoveTurns(record: MutationRecord, target: Element | null): boolean {
    if (record.type === 'attributes') {
      if (!target || !this.holdsTurn(target)) return false;
      // Attributes of an element above turns decide the skip status of everything below it.
      this.skipped = new WeakMap();
      return true;
    }
    let moved = false;
    for (const node of record.addedNodes) {
      if (node.nodeType !== 1) continue;
      // A subtree put in may have changed while detached, where no observer saw it, and its
      // elements now have other ancestors.
      for (const el of [node as Element, ...this.query(node as Element, '*')]) {
        this.texts.delete(el);
        this.skipped.delete(el);
      }
      moved ||= this.holdsTurn(node as Element);
    }
    for (const node of record.removedNodes) moved ||= node.nodeType === 1 && this.holdsTurn(node as Element);
    return moved;
  }

  private holdsTurn(el: Element): boolean {
    try {
      return el.matches(this.candidates) || el.querySelector(this.candidates) !== null;
    } catch {
      return true;
    }
  }

  private query(el: Element, selector: string): Element[] {
    try {
      return [...el.querySelectorAll(selector)];
    } catch {
      return [];
    }
  }
}
