/**
 * chat.qwen.ai (Qwen Chat) and tongyi.com / qianwen.com (通义千问, 千问) — React textareas on
 * both; qianwen.com also ships a Slate composer. Sources: tests/fixtures/sites/README.md#qwen.
 */
import { createAdapter, idAfter } from './base';

export default createAdapter({
  id: 'qwen',
  editor: 'textarea',
  selectors: {
    composer: [
      'textarea#chat-input', // chat.qwen.ai 2025–2026
      'textarea.message-input-textarea', // chat.qwen.ai 2026 class
      'div[data-slate-editor="true"][contenteditable="true"]', // qianwen.com 2026 Slate composer
      'textarea[placeholder]', // tongyi.com / qianwen.com textarea
    ],
    sendButton: [
      'button.send-button', // chat.qwen.ai 2025–2026
      '#send-message-button', // chat.qwen.ai 2025
      'span[data-icon-type="qwpcicon-sendChat"]', // qianwen.com 2026 send icon
    ],
    stopButton: [
      'button.stop-button', // chat.qwen.ai 2025–2026
      'span[data-icon-type="qwpcicon-stopChat"]', // qianwen.com, by analogy with its send icon
    ],
    userTurn: [
      '.qwen-chat-message-user', // chat.qwen.ai 2025–2026
      '[class*="questionItem"]', // tongyi.com (CSS-module class prefix)
    ],
    assistantTurn: [
      '.qwen-chat-message-assistant', // chat.qwen.ai 2025–2026
      '[class*="answerItem"]', // tongyi.com (CSS-module class prefix)
    ],
  },
  userText: ['.user-message-content', '.chat-user-message', '[class*="bubble"]'],
  assistantText: ['.response-message-content', '.qwen-markdown', '.qk-markdown', '[class*="markdown"]'],
  skip: ['.qwen-chat-thinking-tool-status-card-wraper', '[class*="thinking"]'],
  // chat.qwen.ai: /c/<uuid>; tongyi.com: ?sessionId=<id>; qianwen.com: /chat/<id>.
  conversationId: (url) => idAfter(url, '/c/') ?? url.searchParams.get('sessionId') ?? idAfter(url, '/chat/'),
  titleSuffix: /\s+[-|]\s+(Qwen.*|通义.*|千问.*)$/,
});
