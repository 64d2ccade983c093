import { describe, expect, it } from 'vitest';
import { menuDraft } from '../../../entrypoints/background/menu';

describe('"Remember this" from the context menu', () => {
  const info = { selectionText: '  I moved to Chengdu in May  ', pageUrl: 'https://chatgpt.com/c/abc' };

  it('keeps the page it came from in a normal window', () => {
    const draft = menuDraft(info, { url: 'https://chatgpt.com/c/abc', title: 'Moving', incognito: false });
    expect(draft).toMatchObject({
      text: 'I moved to Chengdu in May',
      url: 'https://chatgpt.com/c/abc',
      title: 'Moving',
      site: 'chatgpt',
    });
  });

  it('keeps only the chosen text from a private window: no address, title or site', () => {
    const draft = menuDraft(info, { url: 'https://chatgpt.com/c/abc', title: 'Moving', incognito: true });
    expect(draft).toMatchObject({ text: 'I moved to Chengdu in May', url: '', title: '', site: null });
    expect(JSON.stringify(draft)).not.toContain('chatgpt');
  });

  it('leaves nothing for an empty selection', () => {
    expect(menuDraft({ selectionText: '   ' }, undefined)).toBeNull();
    expect(menuDraft({}, undefined)).toBeNull();
  });
});
