/**
 * How an extension page (the side panel) talks to the background: typed by the messages an
 * extension page may send, reply checked on arrival.
 */

import { EXTENSION_PAGE_MESSAGES } from './protocol/extension-page';
import { createSend } from './protocol/send';

export const send = createSend(EXTENSION_PAGE_MESSAGES);
