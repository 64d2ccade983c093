/**
 * chat.deepseek.com — React textarea; class names are hashed except the `ds-*` design-system
 * ones, and the send/stop control is told apart only by its icon path.
 * Sources: tests/fixtures/sites/README.md#deepseek.
 */
import { createAdapter } from './base';

export default createAdapter({
  id: 'deepseek',
  editor: 'textarea',
  selectors: {
    composer: [
      'textarea[placeholder*="DeepSeek"]', // 2025–2026 ("Message DeepSeek", "给 DeepSeek 发送消息")
      'textarea#chat-input', // 2024
    ],
    sendButton: [
      '[role="button"] svg path[d^="M8.3125"]', // 2025–2026 send arrow glyph
      '[role="button"].ds-button--primary.ds-button--circle', // 2026 round primary button
    ],
    stopButton: [
      '[role="button"] svg path[d^="M2 4.88"]', // 2025–2026 stop square glyph
      '[role="button"].ds-button--primary .ds-loading', // 2026 spinner before the first token
    ],
    userTurn: [
      '.ds-message:not(:has(.ds-markdown))', // 2025–2026: a message without rendered markdown
    ],
    assistantTurn: [
      '.ds-message:has(.ds-markdown)', // 2025–2026
    ],
  },
  assistantText: ['.ds-assistant-message-main-content', '.ds-markdown'],
  // The reasoning ("thinking") panel is not the answer.
  skip: ['.ds-think-content'],
  conversationId: (url) => /\/chat\/s\/([\w-]{6,})/.exec(url.pathname)?.[1] ?? null,
  titleSuffix: /\s+-\s+DeepSeek$/,
});
