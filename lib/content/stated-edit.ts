/**
 * What a trusted edit event says it does to the composer (typed-text.ts credits only that):
 * the text it puts in (a key's or an IME composition's `data`, the text of a paste or a drop,
 * a spell checker's replacement: `data` in a textarea, `dataTransfer` in a rich editor), and
 * what it may take out: the selection the user had when it began, or at a bare caret one
 * character (Backspace, Delete), one word (Ctrl+Backspace, a replacement), the rest of a line,
 * or the IME's previous composition; and where it happens (the caret). Undo and redo say nothing
 * of their text.
 * Read by shape, not `instanceof`: the content script's world has its own event classes.
 */
import type { StatedEdit } from './typed-text';

function transferText(t: DataTransfer | null | undefined): string {
  return t?.getData('text/plain') ?? '';
}

/** What is selected in the composer as the edit begins: what the edit may replace. */
function selectedIn(composer: HTMLElement): string {
  const box = composer as HTMLTextAreaElement;
  if (typeof box.value === 'string' && typeof box.selectionStart === 'number') {
    return box.value.slice(box.selectionStart, box.selectionEnd ?? box.selectionStart);
  }
  const sel = composer.ownerDocument.getSelection();
  if (!sel || sel.isCollapsed || !sel.anchorNode || !composer.contains(sel.anchorNode)) return '';
  return sel.toString();
}

const visible = (s: string) => s.replace(/\s+/g, '').length;

/**
 * Where the edit begins: how many visible characters of the composer lie before the selection
 * (whitespace left out, as editors lay it out their own way). Null when the selection is not
 * in the composer.
 */
function caretIn(composer: HTMLElement): number | null {
  const box = composer as HTMLTextAreaElement;
  if (typeof box.value === 'string' && typeof box.selectionStart === 'number')
    return visible(box.value.slice(0, box.selectionStart));
  const sel = composer.ownerDocument.getSelection();
  if (!sel || sel.rangeCount === 0) return null;
  const at = sel.getRangeAt(0);
  if (!composer.contains(at.startContainer)) return null;
  const before = composer.ownerDocument.createRange();
  before.selectNodeContents(composer);
  before.setEnd(at.startContainer, at.startOffset);
  return visible(before.toString());
}

/** What a deletion takes at a bare caret, by its `inputType`. */
function removesOf(type: string): StatedEdit['removes'] {
  if (type === 'insertCompositionText' || type === 'insertFromComposition' || type === 'deleteCompositionText')
    return 'composition';
  if (type === 'insertReplacementText' || type.startsWith('deleteWord')) return 'word';
  if (type.includes('Line')) return 'line';
  if (type.startsWith('deleteContent')) return 'char';
  return 'nothing';
}

export function statedEdit(e: Event, composer: HTMLElement): StatedEdit {
  if (e.type === 'paste')
    return {
      text: transferText((e as ClipboardEvent).clipboardData),
      removes: 'nothing',
      selected: selectedIn(composer),
      at: caretIn(composer),
    };
  // A drop goes in where the pointer lets go, not at the caret nor over the selection.
  if (e.type === 'drop')
    return { text: transferText((e as DragEvent).dataTransfer), removes: 'nothing', selected: '', at: null };
  const input = e as InputEvent;
  const type = typeof input.inputType === 'string' ? input.inputType : '';
  if (type.startsWith('history')) return { text: null, removes: 'nothing', selected: '', at: null };
  const selected = selectedIn(composer);
  const at = caretIn(composer);
  const removes = removesOf(type);
  if (type === 'insertParagraph' || type === 'insertLineBreak') return { text: '\n', removes, selected, at };
  if (!type.startsWith('insert')) return { text: '', removes, selected, at };
  if (type === 'insertFromDrop') return { text: transferText(input.dataTransfer), removes, selected: '', at: null };
  return { text: input.data ?? transferText(input.dataTransfer), removes, selected, at };
}
