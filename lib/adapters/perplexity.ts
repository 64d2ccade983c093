/**
 * www.perplexity.ai — Lexical composer `#ask-input`; a thread is a list of query/answer
 * blocks. The live page has no test ids: the query is an h1 whose class holds `group/query`,
 * and the submit and stop buttons are told apart by their labels only, matched in every UI
 * language we know. Sources: tests/fixtures/sites/README.md#perplexity.
 */
import { createAdapter, idAfter } from './base';
import { labelled } from './dom';

export default createAdapter({
  id: 'perplexity',
  editor: 'lexical',
  selectors: {
    composer: [
      '#ask-input[contenteditable="true"]', // 2025–2026 Lexical composer
      'div[contenteditable="true"][data-lexical-editor="true"]', // same editor without the id
      'textarea[placeholder*="Ask"]', // 2024 textarea composer
    ],
    sendButton: [
      // 2024–2026 label, the only handle: English, 简体, 繁體, 日本語.
      labelled('button', ['Submit', '提交', '送出', '送信']),
      'button[data-testid="submit-button"]', // 2025 test id, gone in 2026
    ],
    stopButton: [
      labelled('button', ['Stop', '停止', '停止生成', '停止する']), // 2026 labels, as above
      'button[data-testid="stop-generating-response-button"]', // 2025 test id
    ],
    userTurn: [
      '[class*="group/query"]', // 2025–2026 query (an h1 in 2026, a div before)
      '.whitespace-pre-line.text-pretty.break-words', // query text without the group wrapper
    ],
    assistantTurn: [
      'div[id^="markdown-content-"]', // 2025–2026 answer body
      '.prose.text-pretty', // answer prose without the id
    ],
  },
  userText: ['span.select-text', '.whitespace-pre-line', 'span[data-lexical-text="true"]'],
  assistantText: ['.prose'],
  // Citation chips and source cards are not part of the answer text.
  skip: ['.citation', '[class*="group/trigger"]', '[data-testid="sources"]'],
  conversationId: (url) => idAfter(url, '/search/', /^[^/]{6,}$/),
  titleSuffix: /\s+[|-]\s+Perplexity$/,
});
