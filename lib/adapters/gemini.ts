/**
 * gemini.google.com — Angular app with a Quill composer inside `<rich-textarea>`; turns are
 * `<user-query>` and `<model-response>` elements. Sources: tests/fixtures/sites/README.md#gemini.
 */
import { createAdapter, idAfter } from './base';

export default createAdapter({
  id: 'gemini',
  editor: 'quill',
  selectors: {
    composer: [
      'rich-textarea .ql-editor[contenteditable="true"]', // Quill inside rich-textarea (2024–2026)
      '[contenteditable="true"][role="textbox"][aria-label*="Gemini"]', // 2026 label "Enter a prompt for Gemini"
    ],
    sendButton: [
      'button.send-button:not(.stop)', // 2024–2026, the same button turns into "stop"
      'button[aria-label="Send message"]', // 2025–2026 label
    ],
    stopButton: [
      'button.send-button.stop', // 2024–2026
      'button[aria-label="Stop response"]', // 2025–2026 label
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
