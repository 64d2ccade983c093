/**
 * What a trusted edit event says it does to the composer (typed-text.ts credits only that):
 * the text it puts in (a key's or an IME composition's `data`, the text of a paste or a drop,
 * a spell checker's replacement: `data` in a textarea, `dataTransfer` in a rich editor), and
 * what it may take out: the selection the user had when it began, or at a bare caret one
 * character (Backspace, Delete), one word (Ctrl+Backspace, a replacement), the rest of a line,
 * or the IME's previous composition. Undo and redo say nothing of their text.
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
    };
  // A drop goes in where the pointer lets go, not over the selection.
  if (e.type === 'drop') return { text: transferText((e as DragEvent).dataTransfer), removes: 'nothing', selected: '' };
  const input = e as InputEvent;
  const type = typeof input.inputType === 'string' ? input.inputType : '';
  const selected = selectedIn(composer);
  if (type.startsWith('history')) return { text: null, removes: 'nothing', selected: '' };
  const removes = removesOf(type);
  if (type === 'insertParagraph' || type === 'insertLineBreak') return { text: '\n', removes, selected };
  if (!type.startsWith('insert')) return { text: '', removes, selected };
  return { text: input.data ?? transferText(input.dataTransfer), removes, selected };
}
