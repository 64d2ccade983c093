/**
 * www.perplexity.ai — Lexical composer `#ask-input`; a thread is a list of query/answer
 * blocks. Sources: tests/fixtures/sites/README.md#perplexity.
 */
import { createAdapter, idAfter } from './base';

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
      'button[data-testid="submit-button"]', // 2025–2026
      'button[aria-label="Submit"]', // 2024–2025
    ],
    stopButton: [
      'button[data-testid="stop-generating-response-button"]', // 2025–2026
      'button[aria-label="Stop generating response"]', // 2025 label
    ],
    userTurn: [
      'div[class*="group/query"]', // 2025–2026 query block (copy-query button inside)
      '.whitespace-pre-line.text-pretty.break-words', // query text without the group wrapper
    ],
    assistantTurn: [
      'div[id^="markdown-content-"]', // 2025–2026 answer body
      '.prose.text-pretty', // answer prose without the id
    ],
  },
  userText: ['.whitespace-pre-line', 'h1', 'span[data-lexical-text="true"]'],
  assistantText: ['.prose'],
  // Source chips and citation markers are not part of the answer text.
  skip: ['.citation', '[data-testid="sources"]'],
  conversationId: (url) => idAfter(url, '/search/', /^[^/]{6,}$/),
  titleSuffix: /\s+[|-]\s+Perplexity$/,
});
