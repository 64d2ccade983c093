/**
 * chat.qwen.ai (Qwen Chat, a React textarea) and www.qianwen.com (千问, formerly tongyi.com,
 * a Slate composer): two front-ends, one adapter; each selector list names the chat.qwen.ai
 * form first. With thinking on, a chat.qwen.ai answer holds a `.phase-thinking` block before
 * `.phase-answer`, and a qianwen.com answer a deep-thinking card before `.answer-common-card`.
 * Sources: tests/fixtures/sites/README.md#qwen.
 */
import { createAdapter, idAfter } from './base';
import { labelled } from './dom';

export default createAdapter({
  id: 'qwen',
  editor: 'textarea',
  selectors: {
    composer: [
      'textarea#chat-input', // chat.qwen.ai 2025–2026
      'textarea.message-input-textarea', // chat.qwen.ai 2026 class
      'div[data-slate-editor="true"][contenteditable="true"]', // qianwen.com 2026 Slate composer
      'textarea[placeholder]', // tongyi.com textarea
    ],
    sendButton: [
      'button.send-button', // chat.qwen.ai 2025–2026
      'button[data-session-switch-target="send-query"]', // qianwen.com 2026
      labelled('button', ['发送消息', 'Send message']), // qianwen.com 2026 label
      'span[data-icon-type="qwpcicon-sendChat"]', // qianwen.com 2025 send icon
    ],
    stopButton: [
      'button.stop-button', // chat.qwen.ai 2025–2026
      // qianwen.com: no capture shows it; its labels and icon by analogy with the send button.
      labelled('button', ['停止生成', '停止回答', '停止', 'Stop']),
      'span[data-icon-type="qwpcicon-stopChat"]', // qianwen.com icon, by analogy
    ],
    userTurn: [
      '.qwen-chat-message-user', // chat.qwen.ai 2025–2026
      '[data-chat-question-wrap]', // qianwen.com 2026
      '[class*="questionItem"]', // tongyi.com 2024–2025 (CSS-module class prefix)
    ],
    assistantTurn: [
      '.qwen-chat-message-assistant', // chat.qwen.ai 2025–2026
      '[data-chat-answers-wrap]', // qianwen.com 2026
      '[class*="answerItem"]', // tongyi.com 2024–2025 (CSS-module class prefix)
    ],
  },
  userText: ['.user-message-content', '.question-text-card', '.chat-user-message', '[class*="bubble"]'],
  assistantText: [
    '.response-message-content.phase-answer', // chat.qwen.ai: the answer, not the thinking phase
    '.answer-common-card .qk-markdown', // qianwen.com
    '.response-message-content', // chat.qwen.ai without thinking phases
    '[class*="markdown"]',
  ],
  skip: ['[data-card_name="deep_think"]', '.qs-bottom-icon', '[data-answer-feedback-toolbar]'],
  // chat.qwen.ai: /c/<uuid>; tongyi.com: ?sessionId=<id>; qianwen.com: /chat/<id>.
  conversationId: (url) => idAfter(url, '/c/') ?? url.searchParams.get('sessionId') ?? idAfter(url, '/chat/'),
  titleSuffix: /\s+[-|]\s+(Qwen.*|通义.*|千问.*)$/,
});
