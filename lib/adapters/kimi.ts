/**
 * kimi.com (and the old kimi.moonshot.cn) — Lexical composer `.chat-input-editor`; turns are
 * `.chat-content-item-user` / `-assistant`, the answer in `.segment-content-box` next to its
 * thinking panel. No label is a handle here. Sources: tests/fixtures/sites/README.md#kimi.
 */
import { createAdapter, idAfter } from './base';

export default createAdapter({
  id: 'kimi',
  editor: 'lexical',
  selectors: {
    composer: [
      '.chat-input-editor[contenteditable="true"]', // 2025–2026 Lexical composer
      'div[contenteditable="true"][data-lexical-editor="true"]', // same editor without the class
    ],
    sendButton: [
      '.send-button-container:not(.stop):not(.disabled)', // 2025–2026 (a div, not a button)
      '.send-button', // 2024–2025 inner element
    ],
    stopButton: [
      '.send-button-container.stop', // 2025–2026: the send control turns into stop
      '.send-button-container.loading', // 2026: before the first token
    ],
    userTurn: [
      '.chat-content-item-user', // 2025–2026
      '.segment-user', // 2024–2025
    ],
    assistantTurn: [
      '.chat-content-item-assistant', // 2025–2026
      '.segment-assistant', // 2024–2025
    ],
  },
  userText: ['.segment-content-box', '.user-content', '.segment-content'],
  assistantText: ['.segment-content-box', '.markdown'],
  // Thinking and tool-call panels render markdown too; the action row says "思考已完成".
  skip: ['.toolcall-container', '.toolcall-content', '.segment-assistant-actions', '.rag-tag'],
  conversationId: (url) => idAfter(url, '/chat/'),
  titleSuffix: /\s+-\s+Kimi.*$/,
});
