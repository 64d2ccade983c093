// @vitest-environment happy-dom
/** What each kind of trusted edit event states it puts in the composer, and what it may take out. */
import { describe, expect, it } from 'vitest';
import { statedEdit } from '../../../lib/content/stated-edit';

function transfer(text: string): DataTransfer {
  return { getData: (type: string) => (type === 'text/plain' ? text : '') } as unknown as DataTransfer;
}

function input(inputType: string, init: { data?: string | null; dataTransfer?: DataTransfer } = {}): Event {
  const e = new Event('beforeinput');
  return Object.assign(e, { inputType, data: init.data ?? null, dataTransfer: init.dataTransfer ?? null });
}

function box(value = '', from = 0, to = from): HTMLTextAreaElement {
  const ta = document.createElement('textarea');
  document.body.replaceChildren(ta);
  ta.value = value;
  ta.setSelectionRange(from, to);
  return ta;
}

describe('what an edit states', () => {
  it('a key, an IME composition, a paste, a drop, a replacement; undo and redo; deletions', () => {
    const ta = box();
    expect(statedEdit(input('insertText', { data: 'k' }), ta)).toEqual({
      text: 'k',
      removes: 'nothing',
      selected: '',
      at: 0,
    });
    expect(statedEdit(input('insertCompositionText', { data: '住在' }), ta)).toEqual({
      text: '住在',
      removes: 'composition',
      selected: '',
      at: 0,
    });
    expect(statedEdit(input('insertFromPaste', { dataTransfer: transfer('pasted') }), ta).text).toBe('pasted');
    expect(statedEdit(input('insertFromDrop', { dataTransfer: transfer('dropped') }), ta).text).toBe('dropped');
    expect(statedEdit(input('insertReplacementText', { dataTransfer: transfer('live') }), ta)).toEqual({
      text: 'live',
      removes: 'word',
      selected: '',
      at: 0,
    });
    expect(statedEdit(input('historyUndo'), ta)).toEqual({ text: null, removes: 'nothing', selected: '', at: null });
    expect(statedEdit(input('historyRedo'), ta).text).toBeNull();
    expect(statedEdit(input('deleteContentBackward'), ta)).toEqual({ text: '', removes: 'char', selected: '', at: 0 });
    expect(statedEdit(input('deleteWordBackward'), ta).removes).toBe('word');
    expect(statedEdit(input('deleteSoftLineBackward'), ta).removes).toBe('line');
    expect(statedEdit(input('deleteByCut'), ta).removes).toBe('nothing');
    expect(statedEdit(input('formatBold'), ta)).toEqual({ text: '', removes: 'nothing', selected: '', at: 0 });
    expect(statedEdit(input('insertParagraph'), ta)).toEqual({ text: '\n', removes: 'nothing', selected: '', at: 0 });
  });

  it('the selection an edit replaces, in a textarea and in a rich editor', () => {
    const ta = box('I do not smoke', 5, 9);
    expect(statedEdit(input('insertText', { data: 'x' }), ta)).toMatchObject({ selected: 'not ', at: 3 });
    expect(statedEdit(input('deleteByCut'), ta).selected).toBe('not ');
    const rich = document.createElement('div');
    rich.contentEditable = 'true';
    rich.textContent = 'I do not smoke';
    document.body.replaceChildren(rich);
    const range = document.createRange();
    range.setStart(rich.firstChild!, 5);
    range.setEnd(rich.firstChild!, 8);
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
    expect(statedEdit(input('insertText', { data: 'x' }), rich)).toMatchObject({ selected: 'not', at: 3 });
    // A selection outside the composer is nothing the edit replaces.
    const elsewhere = document.createElement('p');
    elsewhere.textContent = 'other words';
    document.body.append(elsewhere);
    range.setStart(elsewhere.firstChild!, 0);
    range.setEnd(elsewhere.firstChild!, 5);
    expect(statedEdit(input('insertText', { data: 'x' }), rich).selected).toBe('');
  });

  it('a paste or a drop event that editors take themselves', () => {
    const ta = box('replace me', 0, 7);
    const paste = Object.assign(new Event('paste'), { clipboardData: transfer('from the clipboard') });
    const drop = Object.assign(new Event('drop'), { dataTransfer: transfer('from a drag') });
    expect(statedEdit(paste, ta)).toEqual({
      text: 'from the clipboard',
      removes: 'nothing',
      selected: 'replace',
      at: 0,
    });
    expect(statedEdit(drop, ta)).toEqual({ text: 'from a drag', removes: 'nothing', selected: '', at: null });
  });
});
