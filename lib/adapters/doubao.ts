/**
 * www.doubao.com — semi-design React textarea; almost everything carries a `data-testid`.
 * Sources: tests/fixtures/sites/README.md#doubao.
 */
import { createAdapter, idAfter } from './base';
import { isHidden } from './dom';

const BREAK_BUTTON = '[data-testid="chat_input_local_break_button"]'; // 2024–2026 stop ("break") control

export default createAdapter({
  id: 'doubao',
  editor: 'textarea',
  selectors: {
    composer: [
      'textarea[data-testid="chat_input_input"]', // 2024–2026
      '[data-testid="chat_input_input"] [contenteditable="true"]', // 2026 rich composer variant
    ],
    sendButton: [
      'button[data-testid="chat_input_send_button"]', // 2024–2026
      '#flow-end-msg-send', // 2024–2025 id of the same button
    ],
    stopButton: [
      BREAK_BUTTON, // 2024–2026 "break" (stop) control, kept mounted and hidden when idle
    ],
    userTurn: [
      '[data-testid="send_message"]', // 2024–2026
    ],
    assistantTurn: [
      '[data-testid="receive_message"]', // 2024–2026
    ],
  },
  userText: ['[data-testid="message_text_content"]'],
  assistantText: ['[data-testid="message_text_content"]'],
  conversationId: (url) => idAfter(url, '/chat/', /^\d{6,}$/),
  titleSuffix: /\s*-\s*豆包$/,
  isGenerating,
});

/**
 * The break button is also shown for a moment while a draft is being typed, so it counts
 * only with an empty composer; an answer without its action bar is still streaming.
 */
function isGenerating(root: ParentNode): boolean {
  const replies = root.querySelectorAll('[data-testid="receive_message"]');
  const last = replies[replies.length - 1];
  if (last && !last.querySelector('[data-testid="message_action_bar"]')) return true;
  const stop = root.querySelector(BREAK_BUTTON);
  const input = root.querySelector<HTMLTextAreaElement>('textarea[data-testid="chat_input_input"]');
  return !!stop && !isHidden(stop) && !input?.value;
}
