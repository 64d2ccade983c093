/**
 * What an extension page (the side panel) may send, with each message's request and
 * response: one typed map, put together from its groups in panel/ (one file per group, named
 * after the handlers that answer it). Payload schemas live with the code of their domain.
 */
import { EITHER_SENDER_MESSAGES } from './chat-page';
import { BRING_IN_MESSAGES } from './panel/bring-in';
import { CHATS_MESSAGES } from './panel/chats';
import { DESKTOP_TOOLS_MESSAGES } from './panel/desktop-tools';
import { EXTRACT_BATCH_MESSAGES } from './panel/extract-batch';
import { EXTRACTION_MESSAGES } from './panel/extraction';
import { HISTORY_MESSAGES } from './panel/history';
import { KEYWORDS_MESSAGES } from './panel/keywords';
import { MEMORIES_MESSAGES } from './panel/memories';
import { RANKING_MESSAGES } from './panel/ranking';
import { SPACES_MESSAGES } from './panel/spaces';
import { STORE_MESSAGES } from './panel/store';
import { SYNC_MESSAGES } from './panel/sync';
import { TIDY_MESSAGES } from './panel/tidy';
import { WORK_MESSAGES } from './panel/work';

export const EXTENSION_PAGE_MESSAGES = {
  ...SPACES_MESSAGES,
  ...EITHER_SENDER_MESSAGES,
  ...CHATS_MESSAGES,
  ...HISTORY_MESSAGES,
  ...MEMORIES_MESSAGES,
  ...RANKING_MESSAGES,
  ...EXTRACTION_MESSAGES,
  ...STORE_MESSAGES,
  ...WORK_MESSAGES,
  ...BRING_IN_MESSAGES,
  ...KEYWORDS_MESSAGES,
  ...TIDY_MESSAGES,
  ...DESKTOP_TOOLS_MESSAGES,
  ...EXTRACT_BATCH_MESSAGES,
  ...SYNC_MESSAGES,
} as const;
