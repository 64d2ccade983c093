/**
 * grok.com — tiptap/ProseMirror composer (a textarea until mid-2025); user bubbles align end,
 * Grok's align start. Sources: tests/fixtures/sites/README.md#grok.
 */
import { createAdapter, idAfter } from './base';
import { labelled } from './dom';

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
      'form button[type="submit"]', // 2025–2026, labelled "Submit" / "提交" / "Gönder" by UI language
    ],
    stopButton: [
      // 2025–2026 label, the only handle: English, 简体 (seen live in 2026), 繁體, 日本語.
      labelled('button', ['Stop model response', '停止模型响应', '停止模型回應', 'モデルの応答を停止']),
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
  skip: ['.action-buttons'],
  // /c/<uuid>?rid=<response> since 2025; /chat/<uuid> before.
  conversationId: (url) => idAfter(url, '/c/') ?? idAfter(url, '/chat/'),
  titleSuffix: /\s+-\s+Grok$/,
});
