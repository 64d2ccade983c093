/**
 * Builds an adapter from a site's facts (selectors, URL shape, title suffix), so each site
 * file holds only what is true of that site and the reading logic lives in one place.
 */
import { SITE_MATCHES, type SiteId } from '../sites';
import { allOfFirst, anyShown, blockText, firstMatch } from './dom';
import { editComposer, readEditorText } from './editors';
import {
  type ChatSiteAdapter,
  type ChatTurn,
  type EditorKind,
  SELECTOR_KEYS,
  type SelectorMatches,
  type SiteSelectors,
} from './types';

export interface AdapterSpec {
  id: SiteId;
  editor: EditorKind;
  selectors: SiteSelectors;
  conversationId(url: URL): string | null;
  /** Inside a turn, where its text is (first match wins; the turn itself otherwise). */
  userText?: readonly string[];
  assistantText?: readonly string[];
  /** Subtrees that are not the answer: reasoning panels, toolbars, citations. */
  skip?: readonly string[];
  /** Where the conversation's title is shown, when `document.title` does not carry it. */
  titleFrom?: readonly string[];
  /** Removed from `document.title` (" - Claude", " | DeepSeek"). */
  titleSuffix?: RegExp;
  /** Site-specific streaming signal, when a stop button alone is not enough. */
  isGenerating?(root: ParentNode): boolean;
}

export function createAdapter(spec: AdapterSpec): ChatSiteAdapter {
  const { selectors } = spec;
  return {
    id: spec.id,
    matches: SITE_MATCHES[spec.id],
    editor: spec.editor,
    selectors,
    conversationId: spec.conversationId,
    readTurns: (root) => readTurns(root, spec),
    isGenerating: (root) => spec.isGenerating?.(root) ?? anyShown(root, selectors.stopButton),
    composer: (root) => (firstMatch(root, selectors.composer)?.el as HTMLElement | undefined) ?? null,
    sendButton: (root) => {
      const hit = firstMatch(root, selectors.sendButton)?.el;
      return (
        (hit?.closest('button, [role="button"]') as HTMLElement | null) ?? (hit as HTMLElement | undefined) ?? null
      );
    },
    title: (doc) => titleOf(doc, spec),
    readComposer: readEditorText,
    insert: (composer, text) => editComposer(composer, spec.editor, text, 'start'),
    replace: (composer, text) => editComposer(composer, spec.editor, text, 'all'),
    health: (root) => health(root, selectors),
  };
}

function readTurns(root: ParentNode, spec: AdapterSpec): ChatTurn[] {
  const users = allOfFirst(root, spec.selectors.userTurn).map((el) => ({ el, role: 'user' as const }));
  const bots = allOfFirst(root, spec.selectors.assistantTurn).map((el) => ({ el, role: 'assistant' as const }));
  // Nested matches (a turn inside a turn) would count twice: keep the outermost.
  const all = [...users, ...bots].filter((t, _, list) => !list.some((o) => o.el !== t.el && o.el.contains(t.el)));
  all.sort((a, b) => (a.el.compareDocumentPosition(b.el) & 4 ? -1 : 1));
  const turns: ChatTurn[] = [];
  for (const { el, role } of all) {
    const where = role === 'user' ? spec.userText : spec.assistantText;
    const body = (where && firstMatch(el, where)?.el) || el;
    const text = blockText(body, spec.skip);
    if (text) turns.push({ role, text });
  }
  return turns;
}

function titleOf(doc: Document, spec: AdapterSpec): string {
  const shown = spec.titleFrom && firstMatch(doc, spec.titleFrom)?.el.textContent?.trim();
  return (shown || doc.title.replace(spec.titleSuffix ?? /$^/, '')).trim().slice(0, 300);
}

function health(root: ParentNode, selectors: SiteSelectors): SelectorMatches {
  const out = {} as SelectorMatches;
  for (const key of SELECTOR_KEYS) out[key] = firstMatch(root, selectors[key])?.selector ?? null;
  return out;
}

/** The path segment after `prefix` (e.g. `/c/`), if it looks like an id. */
export function idAfter(url: URL, prefix: string, shape = /^[\w-]{6,}$/): string | null {
  const at = url.pathname.indexOf(prefix);
  if (at < 0) return null;
  const id = url.pathname.slice(at + prefix.length).split('/')[0] ?? '';
  return shape.test(id) ? id : null;
}
