/**
 * grok.com — tiptap/ProseMirror composer (a textarea until mid-2025); user bubbles align end,
 * Grok's align start. Sources: tests/fixtures/sites/README.md#grok.
 */
import { createAdapter, idAfter } from './base';

export default createAdapter({
  id: 'grok',
  editor: 'prosemirror',
  selectors: {
    composer: [
      'div.tiptap.ProseMirror[contenteditable="true"]', // mid-2025–2026 tiptap composer
      'form .query-bar [contenteditable="true"]', // same composer without the tiptap class
      'textarea[aria-label="Ask Grok anything"]', // 2025 textarea composer
    ],
    sendButton: [
      'form button[type="submit"][aria-label="Submit"]', // 2025–2026
      'form button[type="submit"]', // label localised ("Gönder", "提交")
    ],
    stopButton: [
      'button[aria-label="Stop model response"]', // 2025–2026
    ],
    userTurn: [
      '[data-testid="user-message"]', // 2026 (share pages and app)
      'div.items-end .message-bubble', // 2025: right-aligned bubble
    ],
    assistantTurn: [
      '[data-testid="assistant-message"]', // 2026
      'div.items-start .message-bubble', // 2025: left-aligned bubble
    ],
  },
  assistantText: ['.response-content-markdown'],
  skip: ['[class*="thinking-container"]'],
  // /c/<uuid>?rid=<response> since 2025; /chat/<uuid> before.
  conversationId: (url) => idAfter(url, '/c/') ?? idAfter(url, '/chat/'),
  titleSuffix: /\s+-\s+Grok$/,
});
