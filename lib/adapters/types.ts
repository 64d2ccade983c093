/**
 * The one interface every chat site implements (DESIGN.md "Site adapters"). Adapters are pure:
 * they read the URL and the DOM and drive the site's own editor; no fetch, no storage, no UI.
 */
import type { SiteId } from '../sites/ids';

export interface ChatTurn {
  role: 'user' | 'assistant';
  text: string;
}

/** Where one turn is on the page: its outermost element, and whose turn it is. */
export interface TurnElement {
  el: Element;
  role: ChatTurn['role'];
}

/**
 * How the site's composer holds its text, which decides how text is put into it.
 * `contenteditable` is any other rich editor (Slate, a bare contenteditable).
 */
export type EditorKind = 'textarea' | 'prosemirror' | 'quill' | 'lexical' | 'contenteditable';

/** The selector groups a site is read through; `health` reports which entry of each matched. */
export const SELECTOR_KEYS = ['composer', 'sendButton', 'stopButton', 'userTurn', 'assistantTurn'] as const;
export type SelectorKey = (typeof SELECTOR_KEYS)[number];

/** Each list is short, newest UI first; a site file comments every entry. */
export type SiteSelectors = Readonly<Record<SelectorKey, readonly string[]>>;

/** Which entry of each selector list matched on the current page (null: none did). */
export type SelectorMatches = Record<SelectorKey, string | null>;

export interface ChatSiteAdapter {
  readonly id: SiteId; // = file name
  readonly matches: readonly string[]; // also the content script's matches
  readonly editor: EditorKind;
  readonly selectors: SiteSelectors;
  conversationId(url: URL): string | null; // null off a conversation page
  /**
   * The site project this page belongs to, as the site's own address says it (ChatGPT's
   * `g-p-…`, a Claude project's uuid), read from the URL or, where the URL does not carry it,
   * the page's project link; null on sites without projects or outside one. Only an id, never
   * a name the page shows.
   */
  project(url: URL, root: ParentNode): string | null;
  readTurns(root: ParentNode): ChatTurn[]; // user/assistant turns, in order
  /**
   * The turns' elements in order, without reading them (readTurns = turnText of each, empty
   * ones left out). `memo` remembers which elements are in skip areas across reads of the
   * whole document; its keeper forgets the entries of whatever changed.
   */
  turnElements(root: ParentNode, memo?: WeakMap<Element, boolean>): TurnElement[];
  /** One turn's text; depends only on the turn element's own subtree. */
  turnText(turn: TurnElement): string;
  isGenerating(root: ParentNode): boolean; // a response is still streaming
  composer(root: ParentNode): HTMLElement | null;
  sendButton(root: ParentNode): HTMLElement | null;
  title(doc: Document): string;
  /** The composer's current text as the user sees it. */
  readComposer(composer: HTMLElement): string;
  /**
   * Puts the memory block in front of what the composer holds, one blank line between them as
   * the site's editor sends it, through the site's own editor so its state sees it. Async
   * because some editors (Lexical, Quill) commit on a later tick. Resolves true only when the
   * composer verifiably holds the block + the previous content.
   */
  insertBlock(composer: HTMLElement, block: string): Promise<boolean>;
  /** Replaces the whole composer content (used to restore the user's text). */
  replace(composer: HTMLElement, text: string): Promise<boolean>;
  health(root: ParentNode): SelectorMatches;
}
