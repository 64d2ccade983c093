// @vitest-environment happy-dom
/** Reading and writing composers without a browser: text extraction, React-style textareas, restore. */
import { describe, expect, it, vi } from 'vitest';
import { blockText, normalizeText } from '../../../lib/adapters/dom';
import { editComposer, editorKindOf, readEditorText } from '../../../lib/adapters/editors';
import type { ChatSiteAdapter } from '../../../lib/adapters/types';
import { applyBlock } from '../../../lib/content/prepare';

function html(markup: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = markup;
  document.body.replaceChildren(host);
  return host;
}

describe('blockText', () => {
  it('gives one line per block, a blank line for an empty rendered line, and keeps pre-wrap newlines', () => {
    expect(blockText(html('<p>one</p><p>two</p><p><br></p><p>four</p>'))).toBe('one\ntwo\n\nfour');
    expect(blockText(html('<div class="whitespace-pre-wrap">a\nb\n\nc</div>'))).toBe('a\nb\n\nc');
    expect(blockText(html('<p>two<br>lines</p>'))).toBe('two\nlines');
  });

  it('drops buttons and the skipped subtrees (readTurns passes the screen-reader labels among them)', () => {
    const el = html('<h5 class="sr-only">You said:</h5><div class="think">hmm</div><p>answer</p><button>Copy</button>');
    expect(blockText(el, ['.think', '.sr-only'])).toBe('answer');
    expect(blockText(el, ['.think'])).toBe('You said:\nanswer');
  });

  it('ignores the markup indentation between blocks', () => {
    expect(blockText(html('<div>\n  <p>a</p>\n  <p>b</p>\n</div>'))).toBe('a\nb');
  });
});

describe('editComposer on a textarea', () => {
  it('puts text in front through the native setter and an input event', async () => {
    const ta = html('<textarea></textarea>').querySelector('textarea')!;
    ta.value = 'my question';
    const seen = vi.fn();
    ta.addEventListener('input', () => seen(ta.value));
    expect(await editComposer(ta, 'textarea', 'BLOCK\n\n', 'start')).toBe(true);
    expect(readEditorText(ta)).toBe('BLOCK\n\nmy question');
    expect(seen).toHaveBeenCalledWith('BLOCK\n\nmy question');
    expect(await editComposer(ta, 'textarea', 'my question', 'all')).toBe(true);
    expect(ta.value).toBe('my question');
  });

  it('knows the editor from the markup, whatever the site declared', () => {
    const root = html(
      '<div class="ProseMirror" contenteditable="true" id="pm"></div><div class="ql-editor" contenteditable="true" id="q"></div><div data-lexical-editor="true" contenteditable="true" id="lx"></div><div contenteditable="true" id="ce"></div>',
    );
    const kind = (id: string) => editorKindOf(root.querySelector<HTMLElement>(`#${id}`)!, 'textarea');
    expect([kind('pm'), kind('q'), kind('lx'), kind('ce')]).toEqual([
      'prosemirror',
      'quill',
      'lexical',
      'contenteditable',
    ]);
  });
});

describe('editComposer on a rich editor still applying the last keystrokes', () => {
  /**
   * A stand-in for a rich editor: it takes a paste at the caret, and `settle` re-applies its own
   * caret (after the typed text) the way an editor does when it flushes input it had not read
   * yet, which is what a send pressed right after typing or an IME commit runs into.
   */
  function editor(text: string) {
    const el = html(`<div contenteditable="true"><p>${text}</p></div>`).firstElementChild as HTMLElement;
    el.addEventListener('paste', (e) => {
      const data = (e as ClipboardEvent).clipboardData?.getData('text/plain') ?? '';
      const range = document.getSelection()!.getRangeAt(0);
      const node = el.querySelector('p')!.firstChild as Text;
      const at = range.startContainer === node ? range.startOffset : node.data.length;
      node.data = node.data.slice(0, at) + data + node.data.slice(at);
      e.preventDefault();
    });
    const caretAtEnd = () => {
      const node = el.querySelector('p')!.firstChild as Text;
      document.getSelection()!.collapse(node, node.data.length);
    };
    el.focus();
    caretAtEnd();
    return { el, caretAtEnd };
  }

  it('puts the block in front even when the editor moves the caret back once after it was placed', async () => {
    const { el, caretAtEnd } = editor('my question');
    setTimeout(caretAtEnd, 5);
    expect(await editComposer(el, 'contenteditable', 'BLOCK ', 'start')).toBe(true);
    expect(readEditorText(el)).toBe('BLOCK my question');
  });
});

describe('applyBlock', () => {
  function fakeAdapter(composer: { text: string }, insert: () => Promise<boolean>, replaceWorks = true) {
    return {
      readComposer: () => composer.text,
      insertBlock: insert,
      replace: async (_el: HTMLElement, text: string) => {
        if (replaceWorks) composer.text = text;
        return replaceWorks;
      },
    } as unknown as ChatSiteAdapter;
  }
  const el = document.createElement('div');

  it('reports an insertion the editor confirmed', async () => {
    const box = { text: 'draft' };
    const adapter = fakeAdapter(box, async () => {
      box.text = 'BLOCK\n\ndraft';
      return true;
    });
    expect(await applyBlock(adapter, el, 'BLOCK', 'draft')).toBe('inserted');
  });

  it('puts the draft back when the editor ended up with something else', async () => {
    const box = { text: 'draft' };
    const adapter = fakeAdapter(box, async () => {
      box.text = 'BLOdraft';
      return false;
    });
    expect(await applyBlock(adapter, el, 'BLOCK', 'draft')).toBe('untouched');
    expect(box.text).toBe('draft');
  });

  it('leaves an untouched draft alone, and says so when even the restore fails', async () => {
    const same = { text: 'draft' };
    expect(
      await applyBlock(
        fakeAdapter(same, async () => false),
        el,
        'BLOCK',
        'draft',
      ),
    ).toBe('untouched');
    const broken = { text: 'draft' };
    const adapter = fakeAdapter(
      broken,
      async () => {
        broken.text = 'garbled';
        throw new Error('editor threw');
      },
      false,
    );
    expect(await applyBlock(adapter, el, 'BLOCK', 'draft')).toBe('broken');
  });

  it('compares text the way editors render it', () => {
    expect(normalizeText(' a\n\n b  c ')).toBe('a b c');
  });
});
