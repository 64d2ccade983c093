/**
 * DOM helpers shared by the adapters: selector lists tried in order, and a text reader that
 * keeps paragraph breaks without depending on layout (innerText is empty or flat on pages
 * that are hidden, detached or rendered by happy-dom in unit tests).
 */

/** The first element matched by the first selector in the list that matches anything. */
export function firstMatch(root: ParentNode, selectors: readonly string[]): { el: Element; selector: string } | null {
  for (const selector of selectors) {
    const el = safeQuery(root, selector);
    if (el) return { el, selector };
  }
  return null;
}

/**
 * The first element, in selector order, that is shown: sites keep a second composer or send
 * button mounted and hidden. Falls back to the first match when none looks shown.
 */
export function firstShown(root: ParentNode, selectors: readonly string[]): { el: Element; selector: string } | null {
  for (const selector of selectors) {
    const shown = safeQueryAll(root, selector).find((el) => !isHidden(el) && styleShown(el));
    if (shown) return { el: shown, selector };
  }
  return firstMatch(root, selectors);
}

// Computed visibility (class-based hiding), where the engine computes styles.
function styleShown(el: Element): boolean {
  const view = el.ownerDocument.defaultView;
  if (!view?.getComputedStyle) return true;
  const style = view.getComputedStyle(el);
  return style.visibility !== 'hidden' && style.display !== 'none';
}

/**
 * All elements of the first selector in the list that matches anything (a UI generation),
 * counting only elements outside `skip` areas (and not themselves one), and
 * only the outermost of nested matches: a selector that matches only inside a thinking panel
 * does not stand for the answer, so the next selector is tried.
 */
export function allOfFirstOutside(
  root: ParentNode,
  selectors: readonly string[],
  skip: string,
  memo?: SkipMemo,
): Element[] {
  return firstOutside(root, selectors, skip, memo).found;
}

/** As allOfFirstOutside, with the selector that found them (null: none did). */
export function firstOutside(
  root: ParentNode,
  selectors: readonly string[],
  skip: string,
  memo?: SkipMemo,
): { found: Element[]; selector: string | null } {
  for (const selector of selectors) {
    const found = outermost(safeQueryAll(root, selector).filter((el) => !inSkipArea(el, skip, root, memo)));
    if (found.length > 0) return { found, selector };
  }
  return { found: [], selector: null };
}

/**
 * Whether an element is in a skip area, remembered across reads of the whole document (the
 * caller forgets entries whose element or ancestors changed): turns share their ancestors, and
 * a long chat's turns need not be matched against every skip selector on each read.
 */
export type SkipMemo = WeakMap<Element, boolean>;

/**
 * The elements of a document-ordered list that no other element of the list contains. One pass:
 * an element inside an earlier kept one comes right after it in document order, before anything
 * the kept one does not contain, so only the last kept element needs asking.
 */
export function outermost<T>(list: readonly T[], elementOf: (item: T) => Element = (item) => item as Element): T[] {
  const out: T[] = [];
  let last: Element | null = null;
  for (const item of list) {
    const el = elementOf(item);
    if (last && last !== el && last.contains(el)) continue;
    out.push(item);
    last = el;
  }
  return out;
}

/** Whether `el` is, or sits inside, an element matching `skip` (looking no higher than `root`). */
function inSkipArea(el: Element, skip: string, root?: ParentNode, memo?: SkipMemo): boolean {
  if (!skip) return false;
  if (memo && root?.nodeType === 9) return inSkipAreaMemo(el, skip, memo);
  let hit: Element | null;
  try {
    hit = el.closest(skip);
  } catch {
    return false;
  }
  // The nearest match decides: at or above `root` means nothing between matched.
  return !!hit && (!root || root.nodeType === 9 || (hit !== root && root.contains(hit)));
}

/** As inSkipArea over the whole document, each element on the way up asked once. */
function inSkipAreaMemo(el: Element, skip: string, memo: SkipMemo): boolean {
  const chain: Element[] = [];
  let found = false;
  for (let at: Element | null = el; at; at = at.parentElement) {
    const known = memo.get(at);
    if (known !== undefined) {
      found = known;
      break;
    }
    chain.push(at);
    if (safeMatches(at, skip)) {
      found = true;
      break;
    }
  }
  for (const at of chain) memo.set(at, found);
  return found;
}

const parses = new Map<string, boolean>();

/**
 * The selectors of `list` this engine can parse, joined into one: a single unknown pseudo-class
 * (`:has` in an older engine) must not make the whole list throw and so skip nothing.
 */
export function joinValid(list: readonly string[]): string {
  return list
    .filter((s) => {
      let ok = parses.get(s);
      if (ok === undefined) {
        try {
          document.createDocumentFragment().querySelector(s);
          ok = true;
        } catch {
          ok = false;
        }
        parses.set(s, ok);
      }
      return ok;
    })
    .join(', ');
}

/**
 * One selector that matches any of `labels` on `attr` of `tag`: for controls whose label is
 * their only handle, so every UI language of the site is one selector-list entry.
 */
export function labelled(tag: string, labels: readonly string[], attr = 'aria-label'): string {
  return labels.map((label) => `${tag}[${attr}="${label}"]`).join(', ');
}

// A selector the engine cannot parse (e.g. `:has` in an old engine) counts as "no match".
function safeQuery(root: ParentNode, selector: string): Element | null {
  try {
    return root.querySelector(selector);
  } catch {
    return null;
  }
}

function safeMatches(el: Element, selector: string): boolean {
  try {
    return el.matches(selector);
  } catch {
    return false;
  }
}

function safeQueryAll(root: ParentNode, selector: string): Element[] {
  try {
    return [...root.querySelectorAll(selector)];
  } catch {
    return [];
  }
}

/** Hidden by the markup (attribute or a utility class): sites keep stop buttons mounted but hidden. */
export function isHidden(el: Element): boolean {
  const hidden = el.closest('[hidden], [aria-hidden="true"], .hidden, .\\!hidden');
  if (hidden) return true;
  const style = (el as HTMLElement).style;
  return style?.display === 'none' || style?.visibility === 'hidden';
}

export function anyShown(root: ParentNode, selectors: readonly string[]): boolean {
  return selectors.some((s) => safeQueryAll(root, s).some((el) => !isHidden(el)));
}

const BLOCK = new Set([
  'P',
  'DIV',
  'LI',
  'UL',
  'OL',
  'PRE',
  'BLOCKQUOTE',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'TR',
  'TABLE',
  'SECTION',
  'ARTICLE',
]);
const NEVER_TEXT = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'SVG', 'BUTTON', 'NOSCRIPT']);

// Marks for block boundaries and <br>s while walking; resolved once the text is joined.
const BLOCK_MARK = '\uE000';
const BR_MARK = '\uE001';

/**
 * Text of an element with one line break per block boundary (a <p> per line reads as lines,
 * not as blank-line-separated paragraphs), a blank line where an empty line was rendered
 * (`<p><br></p>`), and the text's own newlines kept (pre-wrap messages). `skip` drops
 * matching subtrees. Linear in the text: every whitespace run is settled on its own, once
 * (patterns that start a match at each space of a run and scan to its end are quadratic, and a
 * message of 40,000 spaces froze the tab on every read).
 */
export function blockText(el: Element, skip: readonly string[] = []): string {
  return walk(el, skip.join(', ')).join('').replace(WHITESPACE_RUN, settleRun).trim();
}

/** A maximal run of whitespace and marks: every rule below acts inside one such run. */
const WHITESPACE_RUN = /[\s\uE000\uE001]+/g;

function settleRun(run: string): string {
  // A block boundary with its surrounding space is one line break, or a blank line with a <br>.
  if (run.includes(BLOCK_MARK)) return run.includes(BR_MARK) ? '\n\n' : '\n';
  const lines = run.replaceAll(BR_MARK, '\n').replaceAll('\r', '');
  if (!lines.includes('\n')) return lines;
  // Spaces and tabs at a line's end go; at most one blank line stays.
  return lines
    .replace(/[ \t]+/g, (spaces, at: number, all: string) => (all[at + spaces.length] === '\n' ? '' : spaces))
    .replace(/\n{3,}/g, '\n\n');
}

/** The text pieces and marks under `root`, in order; a loop, so a deeply nested page cannot exhaust the stack. */
function walk(root: Node, skip: string): string[] {
  const out: string[] = [];
  // Each entry is a node still to visit, or the block mark to write once a block's children are done.
  const todo: (Node | typeof BLOCK_MARK)[] = [...root.childNodes].reverse();
  while (todo.length > 0) {
    const next = todo.pop()!;
    if (next === BLOCK_MARK) {
      out.push(BLOCK_MARK);
      continue;
    }
    if (next.nodeType === 3) {
      out.push(next.nodeValue ?? '');
      continue;
    }
    if (next.nodeType !== 1) continue;
    const el = next as Element;
    const tag = el.tagName.toUpperCase();
    if (NEVER_TEXT.has(tag) || (skip && safeMatches(el, skip))) continue;
    if (tag === 'BR') {
      out.push(BR_MARK);
      continue;
    }
    const block = BLOCK.has(tag);
    if (block) {
      out.push(BLOCK_MARK);
      todo.push(BLOCK_MARK);
    }
    for (let child = el.lastChild; child; child = child.previousSibling) todo.push(child);
  }
  return out;
}

/** Whitespace-insensitive form used to compare what an editor holds with what was meant. */
export function normalizeText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
