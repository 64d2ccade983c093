/**
 * gemini.google.com — Angular app with a Quill composer inside `<rich-textarea>`; turns are
 * `<user-query>` and `<model-response>` elements. Each turn carries a visually hidden
 * "You said" / "Gemini said" label (left out by the shared skip rule) and answers may carry a
 * `<model-thoughts>` panel. Sources: tests/fixtures/sites/README.md#gemini.
 */
import { createAdapter, idAfter } from './base';
import { labelled } from './dom';

export default createAdapter({
  id: 'gemini',
  editor: 'quill',
  selectors: {
    composer: [
      'rich-textarea .ql-editor[contenteditable="true"]', // Quill inside rich-textarea (2024–2026)
      '[contenteditable="true"][role="textbox"][aria-label*="Gemini"]', // 2026 label names Gemini in every language
    ],
    sendButton: [
      'button.send-button:not(.stop)', // 2024–2026, the same button turns into "stop"
      // 2025–2026 label, where the class is gone: English, 简体, 繁體, 日本語.
      labelled('button', ['Send message', '发送', '傳送', '送信']),
    ],
    stopButton: [
      'button.send-button.stop', // 2024–2026
      labelled('button', ['Stop response', '停止回答', '停止回應', '回答を停止']), // labels, as above
    ],
    userTurn: [
      'user-query', // 2024–2026 custom element
    ],
    assistantTurn: [
      'model-response', // 2024–2026 custom element
    ],
  },
  userText: ['.query-text'],
  assistantText: ['message-content .markdown', 'message-content'],
  // Chats live at /app/<id>; chats with a Gem at /gem/<gem>/<id>.
  conversationId: (url) => idAfter(url, '/app/') ?? gemChat(url),
  titleFrom: ['.conversation.selected .conversation-title', '[data-test-id="conversation"].selected'],
  titleSuffix: /^Gemini$|\s+-\s+Gemini$/,
});

function gemChat(url: URL): string | null {
  const m = /\/gem\/([\w-]+)\/([\w-]{6,})/.exec(url.pathname);
  return m ? `${m[1]}/${m[2]}` : null;
}
