/**
 * What a trusted edit event says it puts into the composer (typed-text.ts credits only that):
 * a key's or an IME composition's `data`, the text of a paste or a drop, a spell checker's
 * replacement (`insertReplacementText`: `data` in a textarea, `dataTransfer` in a rich editor).
 * Undo and redo say nothing of their text. Deletions, line breaks and formatting add no words.
 * Read by shape, not `instanceof`: the content script's world has its own event classes.
 */
import type { StatedEdit } from './typed-text';

function transferText(t: DataTransfer | null | undefined): string {
  return t?.getData('text/plain') ?? '';
}

export function statedEdit(e: Event): StatedEdit {
  if (e.type === 'paste') return { kind: 'insert', text: transferText((e as ClipboardEvent).clipboardData) };
  if (e.type === 'drop') return { kind: 'insert', text: transferText((e as DragEvent).dataTransfer) };
  const input = e as InputEvent;
  const type = typeof input.inputType === 'string' ? input.inputType : '';
  if (type.startsWith('history')) return { kind: 'history' };
  if (!type.startsWith('insert')) return { kind: 'other' };
  return { kind: 'insert', text: input.data ?? transferText(input.dataTransfer) };
}
