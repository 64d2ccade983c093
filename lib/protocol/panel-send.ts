/**
 * How an extension page (the side panel) talks to the background: typed by the messages an
 * extension page may send, reply checked on arrival.
 */

import { EXTENSION_PAGE_MESSAGES } from './extension-page';
import { createSend } from './send';

export const send = createSend(EXTENSION_PAGE_MESSAGES);
