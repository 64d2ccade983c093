/**
 * Putting text into a site's composer so the site's own editor state sees it. A React
 * textarea needs the native value setter plus an input event (React compares against the
 * value it last saw); rich editors (ProseMirror, Quill, Lexical) each handle a different
 * event path, so each kind has an ordered list of attempts. An attempt the editor took is
 * never followed by another one: two attempts that both land would double the text.
 */
import { blockText, normalizeText } from './dom';
import type { EditorKind } from './types';

type Attempt = (el: HTMLElement, text: string) => 'taken' | 'ignored';

/** Newest-first per kind: what each editor is known to handle (see tests/fixtures/sites/README.md). */
const ATTEMPTS: Record<Exclude<EditorKind, 'textarea'>, readonly Attempt[]> = {
  // ProseMirror reads DOM mutations from execCommand and parses pasted text into paragraphs.
  prosemirror: [execInsert, pasteInto],
  // Quill's clipboard module converts a paste into a delta; its mutation observer is a fallback.
  quill: [pasteInto, execInsert],
  // Lexical reverts foreign DOM edits; it handles paste and beforeinput through its own commands.
  lexical: [pasteInto, beforeInputInsert],
  // Slate and friends: their paste handler first, the browser's own insertion otherwise.
  contenteditable: [pasteInto, execInsert],
};

/** The editor the element really is: sites swap editors, and the markup says which one runs. */
export function editorKindOf(el: HTMLElement, declared: EditorKind): EditorKind {
  if (el instanceof HTMLTextAreaElement) return 'textarea';
  if (el.closest('.ProseMirror')) return 'prosemirror';
  if (el.closest('.ql-editor')) return 'quill';
  if (el.closest('[data-lexical-editor="true"]')) return 'lexical';
  return declared === 'textarea' ? 'contenteditable' : declared;
}

export function readEditorText(el: HTMLElement): string {
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement) return el.value;
  return blockText(el);
}

/**
 * What goes between the block and the user's text so the message reads "block, one blank line,
 * text" as the site sends it. Newlines pasted into ProseMirror and Quill become one paragraph
 * (or line) each and those sites send paragraphs one per line: two newlines leave one empty
 * paragraph, a blank line. Lexical's rich text also makes a paragraph per line but its text
 * puts a blank line between paragraphs, so one paragraph break is already the blank line (two
 * made three blank lines); its plain text makes a line break instead, and gets a second one.
 */
const GAP: Record<EditorKind, string> = {
  textarea: '\n\n',
  prosemirror: '\n\n',
  quill: '\n\n',
  lexical: '\n',
  contenteditable: '\n\n',
};

/** Puts the block in front of the composer's text, one blank line between; true when verified. */
export async function insertBlock(el: HTMLElement, declared: EditorKind, block: string): Promise<boolean> {
  const kind = editorKindOf(el, declared);
  const lineBreakOnly = (): boolean => kind === 'lexical' && el.childElementCount === 1;
  return editComposer(el, declared, `${block}${GAP[kind]}`, 'start', lineBreakOnly);
}

/**
 * Inserts at the start (`start`) or replaces everything (`all`); true when verified. `again`:
 * asked once the text is in, with the caret still just after it; true puts one more newline there.
 */
export async function editComposer(
  el: HTMLElement,
  kind: EditorKind,
  text: string,
  at: 'start' | 'all',
  again: () => boolean = () => false,
): Promise<boolean> {
  const before = readEditorText(el);
  const expected = at === 'start' ? `${text}\n${before}` : text;
  if (el instanceof HTMLTextAreaElement) {
    setTextareaValue(el, at === 'start' ? `${text}${before}` : text);
    return sameText(readEditorText(el), expected);
  }
  const attempts = ATTEMPTS[editorKindOf(el, kind) as Exclude<EditorKind, 'textarea'>];
  const active = el.ownerDocument.activeElement;
  const focused = !!active && el.contains(active);
  el.focus();
  // An editor that just got focus treats a caret at its start as the browser's focus reset and
  // puts its own selection back (ProseMirror: for 200 ms). Callers keep focus where they can.
  await pause(focused ? 0 : 250);
  // Editors take the DOM selection on `selectionchange`, which fires on a later task. An editor
  // still applying the last keystrokes (a send pressed right after typing or an IME commit)
  // puts its own caret back at the end of the text meanwhile: select again until it stays.
  for (let tries = 0; tries < SELECT_TRIES; tries++) {
    selectIn(el, at);
    await pause(20);
    if (selectionIs(el, at)) break;
  }
  for (const attempt of attempts) {
    if (attempt(el, text) === 'ignored') continue;
    let ok = await waitUntil(() => sameText(readEditorText(el), expected), 500);
    if (ok && again()) ok = await newlineAtCaret(el, attempt);
    if (ok) selectIn(el, 'end');
    return ok;
  }
  return false;
}

/** One more newline where the editor left its caret, through the attempt it already took. */
async function newlineAtCaret(el: HTMLElement, attempt: Attempt): Promise<boolean> {
  const breaks = () => el.querySelectorAll('br').length;
  const before = breaks();
  if (attempt(el, '\n') === 'ignored') return false;
  return waitUntil(() => breaks() > before, 500);
}

function sameText(actual: string, expected: string): boolean {
  return normalizeText(actual) === normalizeText(expected);
}

function setTextareaValue(el: HTMLTextAreaElement, value: string): void {
  // The prototype's setter, not the instance's: React tracks values through the instance.
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
  if (setter) setter.call(el, value);
  else el.value = value;
  el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  el.focus();
  el.setSelectionRange(value.length, value.length);
}

function pasteInto(el: HTMLElement, text: string): 'taken' | 'ignored' {
  const data = new DataTransfer();
  data.setData('text/plain', text);
  // Chromium reads `clipboardData`; Firefox ignores it and reads its own `dataType`/`data`.
  const firefox = { dataType: 'text/plain', data: text } as ClipboardEventInit;
  const event = new ClipboardEvent('paste', { ...firefox, clipboardData: data, bubbles: true, cancelable: true });
  el.dispatchEvent(event);
  // A synthetic paste has no default action: if no handler took it, nothing changed.
  return event.defaultPrevented ? 'taken' : 'ignored';
}

function execInsert(el: HTMLElement, text: string): 'taken' | 'ignored' {
  const before = el.innerHTML;
  const done = document.execCommand('insertText', false, text);
  return done || el.innerHTML !== before ? 'taken' : 'ignored';
}

function beforeInputInsert(el: HTMLElement, text: string): 'taken' | 'ignored' {
  const event = new InputEvent('beforeinput', { inputType: 'insertText', data: text, bubbles: true, cancelable: true });
  el.dispatchEvent(event);
  return event.defaultPrevented ? 'taken' : 'ignored';
}

const SELECT_TRIES = 5;

/** Whether the DOM selection is a caret before all of the element's text (`start`) or spans all of it (`all`). */
function selectionIs(el: HTMLElement, at: 'start' | 'all'): boolean {
  const selection = el.ownerDocument.getSelection();
  if (!selection || selection.rangeCount === 0) return false;
  const range = selection.getRangeAt(0);
  if (!el.contains(range.startContainer) || !el.contains(range.endContainer)) return false;
  const before = el.ownerDocument.createRange();
  before.selectNodeContents(el);
  before.setEnd(range.startContainer, range.startOffset);
  if (before.toString() !== '') return false;
  if (at === 'start') return range.collapsed;
  const after = el.ownerDocument.createRange();
  after.selectNodeContents(el);
  after.setStart(range.endContainer, range.endOffset);
  return after.toString() === '';
}

/** Puts the DOM selection at the first text position, the end, or around everything. */
function selectIn(el: HTMLElement, at: 'start' | 'end' | 'all'): void {
  const selection = el.ownerDocument.getSelection();
  if (!selection) return;
  const range = el.ownerDocument.createRange();
  range.selectNodeContents(el);
  if (at === 'start') {
    const first = firstTextPosition(el);
    range.setStart(first.node, first.offset);
    range.collapse(true);
  } else if (at === 'end') {
    range.collapse(false);
  }
  selection.removeAllRanges();
  selection.addRange(range);
}

// Editors map a caret inside their first text node (or first empty block) to their own start.
function firstTextPosition(el: HTMLElement): { node: Node; offset: number } {
  const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const text = walker.nextNode();
  if (text) return { node: text, offset: 0 };
  let node: Element = el;
  while (node.firstElementChild && node.firstElementChild.tagName !== 'BR') node = node.firstElementChild;
  return { node, offset: 0 };
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() >= end) return false;
    await pause(10);
  }
  return true;
}
