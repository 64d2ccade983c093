/**
 * www.doubao.com — almost everything carries a `data-testid`. The composer is a tiptap editor
 * inside the `chat_input_input` wrapper since 2026, or the older semi-design textarea; the one
 * not in use stays mounted and hidden, so the composer is the shown one.
 * Sources: tests/fixtures/sites/README.md#doubao.
 */
import { createAdapter, idAfter } from './base';
import { firstShown, isHidden } from './dom';
import { readEditorText } from './editors';

const COMPOSER = [
  '[data-testid="chat_input_input"] [contenteditable="true"]', // 2026 tiptap composer in the wrapper
  'textarea[data-testid="chat_input_input"]', // 2024–2026 textarea composer
] as const;
const STOP = [
  '[data-testid="chat_input_local_break_button"]', // 2024–2026 "break" (stop) control, hidden when idle
  '[data-testid="chat_input_end_button"]', // 2026 "end" control
];

export default createAdapter({
  id: 'doubao',
  editor: 'prosemirror',
  selectors: {
    composer: COMPOSER,
    sendButton: [
      '[data-testid="chat_input_send_button"]', // 2024–2026 (a button, or a div in some builds)
      '#flow-end-msg-send', // 2024–2025 id of the same button
    ],
    stopButton: STOP,
    userTurn: [
      '[data-testid="send_message"]', // 2024–2026
    ],
    assistantTurn: [
      '[data-testid="receive_message"]', // 2024–2026
    ],
  },
  userText: ['[data-testid="message_text_content"]'],
  assistantText: ['[data-testid="message_text_content"]'],
  // Deep-thinking panels and suggested follow-ups are not the answer.
  skip: ['[data-testid*="think"]', '[data-testid="message_action_bar"]', '[data-testid*="suggest"]'],
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
  const stop = STOP.some((s) => [...root.querySelectorAll(s)].some((el) => !isHidden(el)));
  const composer = firstShown(root, COMPOSER)?.el as HTMLElement | undefined;
  return stop && !(composer && readEditorText(composer).trim());
}
