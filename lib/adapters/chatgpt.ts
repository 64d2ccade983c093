/**
 * chatgpt.com — ProseMirror composer (`#prompt-textarea`), turns marked with
 * `data-message-author-role`. Sources: tests/fixtures/sites/README.md#chatgpt.
 */

import { chatgptProject } from '../sites/projects';
import { createAdapter, idAfter } from './base';

export default createAdapter({
  id: 'chatgpt',
  editor: 'prosemirror',
  selectors: {
    composer: [
      '#prompt-textarea[contenteditable="true"]', // ProseMirror composer (2024–2026)
      'div.ProseMirror[contenteditable="true"]', // same editor if the id is dropped
      'textarea#prompt-textarea', // pre-2024 textarea composer
    ],
    sendButton: [
      'button[data-testid="send-button"]', // 2023–2026
      '#composer-submit-button', // 2025 composer refresh
    ],
    stopButton: [
      'button[data-testid="stop-button"]', // 2023–2026, replaces the send button while streaming
      '.result-streaming', // older: class on the streaming markdown
    ],
    userTurn: [
      '[data-message-author-role="user"]', // 2023–2026
    ],
    assistantTurn: [
      '[data-message-author-role="assistant"]', // 2023–2026
    ],
  },
  userText: ['.whitespace-pre-wrap'],
  assistantText: ['.markdown'],
  conversationId: (url) => idAfter(url, '/c/'),
  project: chatgptProject,
  // The tab title is the conversation title, or just "ChatGPT" on a new chat.
  titleSuffix: /^ChatGPT$|\s+[-|]\s+ChatGPT$/,
});
