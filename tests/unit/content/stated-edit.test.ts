// @vitest-environment happy-dom
/** What each kind of trusted edit event states it puts in the composer. */
import { describe, expect, it } from 'vitest';
import { statedEdit } from '../../../lib/content/stated-edit';

function transfer(text: string): DataTransfer {
  return { getData: (type: string) => (type === 'text/plain' ? text : '') } as unknown as DataTransfer;
}

function input(inputType: string, init: { data?: string | null; dataTransfer?: DataTransfer } = {}): Event {
  const e = new Event('beforeinput');
  return Object.assign(e, { inputType, data: init.data ?? null, dataTransfer: init.dataTransfer ?? null });
}

describe('what an edit states', () => {
  it('a key, an IME composition, a paste, a drop, a replacement; undo and redo; a deletion', () => {
    expect(statedEdit(input('insertText', { data: 'k' }))).toEqual({ kind: 'insert', text: 'k' });
    expect(statedEdit(input('insertCompositionText', { data: '住在' }))).toEqual({ kind: 'insert', text: '住在' });
    expect(statedEdit(input('insertFromPaste', { dataTransfer: transfer('pasted') }))).toEqual({
      kind: 'insert',
      text: 'pasted',
    });
    expect(statedEdit(input('insertFromDrop', { dataTransfer: transfer('dropped') }))).toEqual({
      kind: 'insert',
      text: 'dropped',
    });
    expect(statedEdit(input('insertReplacementText', { dataTransfer: transfer('live') }))).toEqual({
      kind: 'insert',
      text: 'live',
    });
    expect(statedEdit(input('historyUndo'))).toEqual({ kind: 'history' });
    expect(statedEdit(input('historyRedo'))).toEqual({ kind: 'history' });
    expect(statedEdit(input('deleteContentBackward'))).toEqual({ kind: 'other' });
    expect(statedEdit(input('insertParagraph'))).toEqual({ kind: 'insert', text: '' });
  });

  it('a paste or a drop event that editors take themselves', () => {
    const paste = Object.assign(new Event('paste'), { clipboardData: transfer('from the clipboard') });
    const drop = Object.assign(new Event('drop'), { dataTransfer: transfer('from a drag') });
    expect(statedEdit(paste)).toEqual({ kind: 'insert', text: 'from the clipboard' });
    expect(statedEdit(drop)).toEqual({ kind: 'insert', text: 'from a drag' });
  });
});
