/**
 * claude.ai — tiptap/ProseMirror composer; assistant turns carry `data-is-streaming`,
 * which flips to "false" when the answer is complete. Sources: tests/fixtures/sites/README.md#claude.
 */
import { createAdapter, idAfter } from './base';

export default createAdapter({
  id: 'claude',
  editor: 'prosemirror',
  selectors: {
    composer: [
      '[data-testid="chat-input"][contenteditable="true"]', // 2026 composer test id
      'div.ProseMirror[contenteditable="true"]', // tiptap composer (2024–2026)
      'fieldset [contenteditable="true"]', // 2024 layout without the ProseMirror class
    ],
    sendButton: [
      'button[aria-label="Send message"]', // 2025–2026
      'button[aria-label="Send Message"]', // 2024 capitalisation
    ],
    stopButton: [
      'button[aria-label="Stop response"]', // 2025–2026
      '[data-is-streaming="true"]', // the streaming answer itself (2024–2026)
    ],
    userTurn: [
      '[data-testid="user-message"]', // 2024–2026
    ],
    assistantTurn: [
      'div[data-is-streaming]', // 2024–2026 answer wrapper
      '.font-claude-response', // 2026 answer body class
      '.font-claude-message', // 2024 answer body class
    ],
  },
  assistantText: ['.font-claude-response', '.font-claude-message'],
  conversationId: (url) => idAfter(url, '/chat/'),
  titleSuffix: /\s+-\s+Claude$/,
});
