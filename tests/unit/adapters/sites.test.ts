// @vitest-environment happy-dom
/** Every adapter over its fixture page's markup: turns, streaming, composer, ids, title, health. */
import { describe, expect, it } from 'vitest';
import { ADAPTERS, adapterForUrl } from '../../../lib/adapters';
import { cleanCapturedTurns } from '../../../lib/content/capture';
import { renderBlock } from '../../../lib/ranking/render';
import type { SiteId } from '../../../lib/sites/ids';
import { replyText } from '../../fixtures/sites/shared/engine';
import { type FixtureVariant, VARIANTS } from '../../fixtures/sites/variants';
import { loadFixture } from './fixture-dom';

const MARK = 'fx7e2mk9';
const BLOCK = renderBlock([{ type: 'fact', content: 'Lives in 成都; budget ¥2,850,000.00' }], MARK);
const FIRST = 'Where should I look for a flat?\nTwo lines, 两行.';
const SECOND = 'And which districts are quiet?';

/** A conversation URL per site, with the id the adapter must read from it. */
const URLS: Record<SiteId, [string, string][]> = {
  chatgpt: [
    ['https://chatgpt.com/c/6650f0a2-1b2c-8003-9d7e-0123456789ab', '6650f0a2-1b2c-8003-9d7e-0123456789ab'],
    ['https://chat.openai.com/c/6650f0a2-1b2c-8003-9d7e-0123456789ab', '6650f0a2-1b2c-8003-9d7e-0123456789ab'],
  ],
  claude: [['https://claude.ai/chat/0d6f4e1c-2b3a-4c5d-8e9f-0a1b2c3d4e5f', '0d6f4e1c-2b3a-4c5d-8e9f-0a1b2c3d4e5f']],
  gemini: [
    ['https://gemini.google.com/app/9f1c2d3e4b5a6978', '9f1c2d3e4b5a6978'],
    ['https://gemini.google.com/gem/coding-partner/9f1c2d3e4b5a6978', 'coding-partner/9f1c2d3e4b5a6978'],
  ],
  deepseek: [
    ['https://chat.deepseek.com/a/chat/s/fb39afdf-7a2d-4c1e-9b3a-1234567890ab', 'fb39afdf-7a2d-4c1e-9b3a-1234567890ab'],
  ],
  perplexity: [['https://www.perplexity.ai/search/what-is-x-AbC_dEf.GhIjKlMnOpQr', 'what-is-x-AbC_dEf.GhIjKlMnOpQr']],
  kimi: [['https://www.kimi.com/chat/cuq3h25m2citjh45prb0', 'cuq3h25m2citjh45prb0']],
  doubao: [['https://www.doubao.com/chat/1234567890123456', '1234567890123456']],
  qwen: [
    ['https://chat.qwen.ai/c/3c0a3b7e-98a1-4c43-a1cb-6c1a2b3c4d5e', '3c0a3b7e-98a1-4c43-a1cb-6c1a2b3c4d5e'],
    ['https://www.tongyi.com/?sessionId=9a8b7c6d5e4f', '9a8b7c6d5e4f'],
    ['https://qianwen.com/chat/2050003524008270053', '2050003524008270053'],
    ['https://www.qianwen.com/chat/5f0e7c2a9b3d4e61a8c0d9e7f6a5b4c3', '5f0e7c2a9b3d4e61a8c0d9e7f6a5b4c3'],
  ],
  grok: [
    ['https://grok.com/c/ec680297-95f8-4054-a261-e55b26132b4b?rid=8df3b34c', 'ec680297-95f8-4054-a261-e55b26132b4b'],
  ],
};

const load = (v: FixtureVariant) => loadFixture(v.site, v.html, v.ui);

async function twoExchanges(v: FixtureVariant) {
  const ui = await load(v);
  ui.addUser(`${BLOCK}\n\n${FIRST}`);
  const a1 = ui.addAssistant();
  a1.write(replyText(1));
  a1.finish();
  ui.addUser(SECOND);
  const a2 = ui.addAssistant();
  a2.write(replyText(2));
  a2.finish();
  return ui;
}

const CASES = VARIANTS.map((v) => [`${v.site} ${v.name}`, v, ADAPTERS.find((a) => a.id === v.site)!] as const);

describe.each(CASES)('%s adapter over its fixture', (_, variant, adapter) => {
  const id = adapter.id;
  it('reads the four turns in order, and the capture drops the injected block', async () => {
    await twoExchanges(variant);
    const turns = adapter.readTurns(document);
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(turns[0]?.text.startsWith('[claude-mem ·')).toBe(true);
    expect(cleanCapturedTurns(turns, [MARK])).toEqual([
      { role: 'user', text: FIRST },
      { role: 'assistant', text: replyText(1) },
      { role: 'user', text: SECOND },
      { role: 'assistant', text: replyText(2) },
    ]);
  });

  it('sees the streaming indicator while an answer is written, and not after', async () => {
    const ui = await load(variant);
    ui.addUser(FIRST);
    expect(adapter.isGenerating(document)).toBe(false);
    ui.setGenerating(true);
    const answer = ui.addAssistant();
    answer.write('Answer 1. Here is');
    expect(adapter.isGenerating(document)).toBe(true);
    answer.finish();
    ui.setGenerating(false);
    expect(adapter.isGenerating(document)).toBe(false);
  });

  it('finds the composer and the send button, and reports every selector group but stop as matched', async () => {
    const ui = await twoExchanges(variant);
    const composer = adapter.composer(document);
    expect(composer).not.toBeNull();
    expect(adapter.readComposer(composer!)).toBe('');
    expect(adapter.sendButton(document)).not.toBeNull();
    expect(adapter.sendButton(document)).toBe(ui.sendControl()?.closest('button, [role="button"]') ?? ui.sendControl());
    const health = adapter.health(document);
    for (const key of ['composer', 'sendButton', 'userTurn', 'assistantTurn'] as const) {
      // The site's main front-end matches the newest entry; a second front-end (qianwen.com) its own.
      if (!variant.secondary) expect(health[key], key).toBe(adapter.selectors[key][0]);
      else expect(health[key], key).not.toBeNull();
    }
  });

  it('reads the conversation id from conversation URLs, none from the home page', () => {
    for (const [url, expected] of URLS[id]) expect(adapter.conversationId(new URL(url))).toBe(expected);
    expect(adapter.conversationId(new URL(variant.home))).toBeNull();
    expect(adapterForUrl(variant.home)?.id).toBe(id);
  });

  it('reads the title the page shows for the conversation', async () => {
    const ui = await load(variant);
    ui.setTitle('Flat hunting in 成都');
    expect(adapter.title(document)).toBe('Flat hunting in 成都');
  });
});
