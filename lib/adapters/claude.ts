/**
 * claude.ai — tiptap/ProseMirror composer; assistant turns carry `data-is-streaming`,
 * which flips to "false" when the answer is complete. An answer's text is its markdown blocks;
 * the thinking panel in front of them (a disclosure plus its text) is not part of it.
 * Sources: tests/fixtures/sites/README.md#claude.
 */

import { claudeProject } from '../sites/projects';
import { createAdapter, idAfter } from './base';
import { labelled } from './dom';

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
      // 2025–2026 label, the only handle: English (also "Send Message" in 2024), 简体, 繁體, 日本語.
      labelled('button', ['Send message', 'Send Message', '发送消息', '傳送訊息', 'メッセージを送信']),
      'fieldset button[type="submit"]', // a submit button in the composer, whatever its label
    ],
    stopButton: [
      labelled('button', ['Stop response', '停止回复', '停止回應', '応答を停止']), // 2025–2026 labels, as above
      '[data-is-streaming="true"]', // the streaming answer itself (2024–2026), in every language
    ],
    userTurn: [
      '[data-testid="user-message"]', // 2024–2026 (on the text node itself since 2026)
    ],
    assistantTurn: [
      'div[data-is-streaming]', // 2024–2026 answer wrapper
      '.font-claude-response', // 2026 answer body class
      '.font-claude-message', // 2024 answer body class
    ],
  },
  assistantText: ['.standard-markdown', '.progressive-markdown', '.font-claude-response', '.font-claude-message'],
  // The thinking panel: the block whose direct child is its disclosure ("Thought for 12s").
  skip: ['.font-claude-response div:has(> [aria-expanded])'],
  conversationId: (url) => idAfter(url, '/chat/'),
  project: claudeProject,
  titleSuffix: /\s+-\s+Claude$/,
});
