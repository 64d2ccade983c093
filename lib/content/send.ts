/**
 * How a chat page talks to the background: typed by the messages a chat page may send, so the
 * content script bundles only their schemas.
 */
import { CHAT_PAGE_MESSAGES } from '../protocol/chat-page';
import { createSend } from '../protocol/send';

export const send = createSend(CHAT_PAGE_MESSAGES);
