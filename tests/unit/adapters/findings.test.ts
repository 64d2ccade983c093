// @vitest-environment happy-dom
/**
 * What the live pages showed that the first fixtures did not, one case each: the composer a
 * site has mounted but hidden, its other stop control, hosts that redirect, and the shared rule
 * that keeps labels, thinking and controls out of turn text on every site.
 */
import { describe, expect, it } from 'vitest';
import { ADAPTERS, adapterForUrl } from '../../../lib/adapters';
import { SKIP_ALWAYS } from '../../../lib/adapters/base';
import { SITE_IDS } from '../../../lib/sites/ids';
import { loadFixture } from './fixture-dom';

const doubao = ADAPTERS.find((a) => a.id === 'doubao')!;

describe('doubao', () => {
  it('reads the draft from the tiptap composer, so a break button shown while typing is not streaming', async () => {
    const ui = await loadFixture('doubao');
    ui.addUser('First question');
    const answer = ui.addAssistant();
    answer.write('An answer.');
    answer.finish();
    const composer = doubao.composer(document)!;
    expect(composer.classList.contains('ProseMirror')).toBe(true);
    composer.innerHTML = '<p>a draft being typed</p>';
    ui.setGenerating(true); // the break button shows while a draft is typed
    expect(doubao.isGenerating(document)).toBe(false);
    composer.innerHTML = '<p></p>';
    expect(doubao.isGenerating(document)).toBe(true);
  });

  it('uses the textarea when that is the composer in use and the tiptap one is hidden', async () => {
    await loadFixture('doubao', 'index.textarea.html');
    expect(doubao.composer(document)?.tagName).toBe('TEXTAREA');
  });

  it('counts the end button as a stop control', async () => {
    await loadFixture('doubao');
    expect(doubao.isGenerating(document)).toBe(false);
    const end = document.createElement('div');
    end.setAttribute('data-testid', 'chat_input_end_button');
    document.getElementById('composer')!.append(end);
    expect(doubao.isGenerating(document)).toBe(true);
  });
});

describe('hosts', () => {
  it.each([
    ['https://chat.openai.com/c/6650f0a2-1b2c-8003-9d7e-0123456789ab', 'chatgpt'],
    ['https://doubao.com/chat/1234567890123456', 'doubao'],
    ['https://kimi.moonshot.cn/chat/cuq3h25m2citjh45prb0', 'kimi'],
    ['https://kimi.com/chat/cuq3h25m2citjh45prb0', 'kimi'],
    ['https://www.qianwen.com/chat/2050003524008270053', 'qwen'],
    ['https://qianwen.com/chat/2050003524008270053', 'qwen'],
    ['https://tongyi.com/?sessionId=9a8b7c6d5e4f', 'qwen'],
    ['https://www.tongyi.com/?sessionId=9a8b7c6d5e4f', 'qwen'],
    ['https://qianwen.aliyun.com/chat/2050003524008270053', 'qwen'],
  ])('%s is %s', (url, site) => {
    expect(adapterForUrl(url)?.id).toBe(site);
  });
});

describe('the shared skip rule', () => {
  // The same page for every site: each adapter's own turn and text selectors, each holding a
  // screen-reader label, a thinking panel with text in the answer's own classes, and controls.
  it.each([...SITE_IDS])('keeps labels, thinking and controls out of %s turns', async (id) => {
    const adapter = ADAPTERS.find((a) => a.id === id)!;
    const ui = await loadFixture(id);
    ui.addUser('The question');
    const answer = ui.addAssistant();
    answer.write('The answer');
    answer.finish();
    const noise = (where: Element) => {
      where.insertAdjacentHTML(
        'afterbegin',
        '<span class="sr-only">Said:</span><h2 class="cdk-visually-hidden">Gemini said</h2>' +
          '<div class="thinking-block"><p>private reasoning</p></div><div aria-expanded="false">Thought for 3s</div>' +
          '<div role="toolbar"><span>Copy</span></div>',
      );
    };
    // Right next to the text itself, inside whatever element the adapter reads it from.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const holders: Element[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.nodeValue === 'The question' || n.nodeValue === 'The answer') holders.push(n.parentElement!);
    }
    expect(holders).toHaveLength(2);
    for (const holder of holders) noise(holder);
    const texts = adapter.readTurns(document).map((t) => t.text);
    expect(texts).toEqual(['The question', 'The answer']);
  });

  it('names screen-reader text, disclosures, toolbars and thinking panels', () => {
    for (const s of ['.sr-only', '.cdk-visually-hidden', '[aria-expanded]', '[role="toolbar"]', 'model-thoughts'])
      expect(SKIP_ALWAYS).toContain(s);
  });
});

describe('joinValid', () => {
  it('drops a selector the engine cannot parse instead of losing the whole skip list', async () => {
    const { joinValid } = await import('../../../lib/adapters/dom');
    expect(joinValid(['.sr-only', 'div[unclosed', '.b'])).toBe('.sr-only, .b');
  });
});
