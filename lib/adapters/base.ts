/**
 * Builds an adapter from a site's facts (selectors, URL shape, title suffix), so each site
 * file holds only what is true of that site and the reading logic lives in one place.
 */
import { SITE_MATCHES, type SiteId } from '../sites/ids';
import {
  allOfFirstOutside,
  anyShown,
  blockText,
  firstMatch,
  firstOutside,
  firstShown,
  joinValid,
  outermost,
  type SkipMemo,
} from './dom';
import { editComposer, insertBlock, readEditorText } from './editors';
import {
  type ChatSiteAdapter,
  type ChatTurn,
  type EditorKind,
  SELECTOR_KEYS,
  type SelectorMatches,
  type SiteSelectors,
  type TurnElement,
} from './types';

export interface AdapterSpec {
  id: SiteId;
  editor: EditorKind;
  selectors: SiteSelectors;
  conversationId(url: URL): string | null;
  /** The site project of the page (types.ts `project`); sites without projects leave it out. */
  project?(url: URL, root: ParentNode): string | null;
  /** Inside a turn, where its text is (first match wins; the turn itself otherwise). */
  userText?: readonly string[];
  assistantText?: readonly string[];
  /** Subtrees that are not turn text on this site, in addition to SKIP_ALWAYS. */
  skip?: readonly string[];
  /** Where the conversation's title is shown, when `document.title` does not carry it. */
  titleFrom?: readonly string[];
  /** Removed from `document.title` (" - Claude", " | DeepSeek"). */
  titleSuffix?: RegExp;
  /** Site-specific streaming signal, when a stop button alone is not enough. */
  isGenerating?(root: ParentNode): boolean;
}

/**
 * What is never a turn's text, on any site. Sites render text for screen readers only
 * ("You said", "Gemini said"), reasoning panels next to the answer (often with the same
 * markdown classes), and controls inside the message ("Copy", "Thought for 12s" toggles).
 * The rule applies to every candidate: a turn or text element inside one of these areas is
 * not a candidate, and these areas are left out of the text that is read.
 */
export const SKIP_ALWAYS: readonly string[] = [
  // Screen-reader-only text: Tailwind, Angular CDK (Gemini), Bootstrap-style, named labels.
  '.sr-only',
  '.cdk-visually-hidden',
  '.visually-hidden',
  '[class*="screen-reader"]',
  // Controls and toolbars: copy / retry / share rows, disclosure toggles of thinking panels.
  '[aria-expanded]',
  '[role="toolbar"]',
  '[class*="action-bar"]',
  '[data-testid$="action_bar"]',
  'message-actions',
  // Thinking / reasoning panels, by the names the sites give them.
  'model-thoughts',
  '[class*="thinking"]',
  '[class*="thoughts"]',
  '[class*="reasoning"]',
  '[class*="think-content"]',
  '.phase-reason',
];

/**
 * Left out of text inside a turn only: icon ligatures and decorative duplicates. Not used to
 * rule out whole turns, because modal dialogs mark the entire page aria-hidden while open.
 */
const SKIP_IN_TURN: readonly string[] = ['[aria-hidden="true"]'];

export function createAdapter(spec: AdapterSpec): ChatSiteAdapter {
  const { selectors } = spec;
  const skips = skipsOf(spec);
  return {
    id: spec.id,
    matches: SITE_MATCHES[spec.id],
    editor: spec.editor,
    selectors,
    conversationId: spec.conversationId,
    project: (url, root) => spec.project?.(url, root) ?? null,
    readTurns: (root) => readTurns(root, spec, skips),
    turnElements: (root, memo) => turnElements(root, spec, skips().skip, memo),
    turnText: (turn) => turnText(turn, spec, skips().inTurn),
    isGenerating: (root) => spec.isGenerating?.(root) ?? anyShown(root, selectors.stopButton),
    composer: (root) => (firstShown(root, selectors.composer)?.el as HTMLElement | undefined) ?? null,
    sendButton: (root) => {
      const hit = firstShown(root, selectors.sendButton)?.el;
      return (
        (hit?.closest('button, [role="button"]') as HTMLElement | null) ?? (hit as HTMLElement | undefined) ?? null
      );
    },
    title: (doc) => titleOf(doc, spec),
    readComposer: readEditorText,
    insertBlock: (composer, block) => insertBlock(composer, spec.editor, block),
    replace: (composer, text) => editComposer(composer, spec.editor, text, 'all'),
    health: (root) => health(root, selectors),
  };
}

/** The selectors a site's turns and their text are read through, joined once per adapter. */
function skipsOf(spec: AdapterSpec) {
  let joined: { skip: string; inTurn: string } | undefined;
  return () => {
    joined ??= {
      skip: joinValid([...SKIP_ALWAYS, ...(spec.skip ?? [])]),
      inTurn: joinValid([...SKIP_ALWAYS, ...(spec.skip ?? []), ...SKIP_IN_TURN]),
    };
    return joined;
  };
}

/** The turn elements in document order, each the outermost of nested matches, outside the skip areas. */
function turnElements(root: ParentNode, spec: AdapterSpec, skip: string, memo?: SkipMemo): TurnElement[] {
  const first = (selectors: readonly string[]) => {
    const { found, selector } = firstOutside(root, selectors, skip, memo);
    return { found: new Set(found), selector };
  };
  const users = first(spec.selectors.userTurn);
  const bots = first(spec.selectors.assistantTurn);
  const union = [users.selector, bots.selector].filter(Boolean).join(', ');
  if (!union) return [];
  // One query over both selectors gives the document order (pairwise comparisons are slow in
  // long threads); nested matches (a turn inside a turn) would count twice, so the outermost is kept.
  const all: TurnElement[] = [];
  for (const el of root.querySelectorAll(union)) {
    if (users.found.has(el)) all.push({ el, role: 'user' });
    if (bots.found.has(el)) all.push({ el, role: 'assistant' });
  }
  return outermost(all, (t) => t.el);
}

/** One turn's text: every text element of the first selector that has one outside the skip areas. */
function turnText(turn: TurnElement, spec: AdapterSpec, inTurn: string): string {
  const where = (turn.role === 'user' ? spec.userText : spec.assistantText) ?? [];
  // An answer can come in several blocks (text, a tool call, more text).
  const bodies = allOfFirstOutside(turn.el, where, inTurn);
  return (bodies.length > 0 ? bodies : [turn.el])
    .map((body) => blockText(body, [inTurn]))
    .filter(Boolean)
    .join('\n\n');
}

function readTurns(root: ParentNode, spec: AdapterSpec, skips: ReturnType<typeof skipsOf>): ChatTurn[] {
  const { skip, inTurn } = skips();
  const turns: ChatTurn[] = [];
  for (const turn of turnElements(root, spec, skip)) {
    const text = turnText(turn, spec, inTurn);
    if (text) turns.push({ role: turn.role, text });
  }
  return turns;
}

function titleOf(doc: Document, spec: AdapterSpec): string {
  const shown = spec.titleFrom && firstMatch(doc, spec.titleFrom)?.el.textContent?.trim();
  return (shown || doc.title.replace(spec.titleSuffix ?? /$^/, '')).trim().slice(0, 300);
}

function health(root: ParentNode, selectors: SiteSelectors): SelectorMatches {
  const out = {} as SelectorMatches;
  for (const key of SELECTOR_KEYS) out[key] = firstShown(root, selectors[key])?.selector ?? null;
  return out;
}

/** The path segment after `prefix` (e.g. `/c/`), if it looks like an id. */
export function idAfter(url: URL, prefix: string, shape = /^[\w-]{6,}$/): string | null {
  const at = url.pathname.indexOf(prefix);
  if (at < 0) return null;
  const id = url.pathname.slice(at + prefix.length).split('/')[0] ?? '';
  return shape.test(id) ? id : null;
}
