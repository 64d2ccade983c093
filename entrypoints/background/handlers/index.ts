import type { Handlers } from '../router';
import { activityHandlers } from './activity';
import { bringInHandlers } from './bring-in';
import { chatHandlers } from './chats';
import { connectionHandlers } from './connection';
import { consentHandlers } from './consent';
import { desktopToolHandlers } from './desktop-tools';
import { extractBatchHandlers } from './extract-batch';
import { feedbackHandlers } from './feedback';
import { historyHandlers } from './history';
import { injectionHandlers } from './injection';
import { keywordsHandlers } from './keywords';
import { memoryHandlers } from './memories';
import { menuHandlers } from './menu';
import { queueHandlers } from './queue';
import { searchHandlers } from './search';
import { settingsHandlers } from './settings';
import { siteHandlers } from './sites';
import { spaceHandlers } from './spaces';
import { storeHandlers } from './store';
import { syncHandlers } from './sync';
import { tidyHandlers } from './tidy';
import { transferHandlers } from './transfer';
import { workHandlers } from './work';

/** Every message type must have exactly one handler: the type below checks it. */
export const handlers: Handlers = {
  ...settingsHandlers,
  ...memoryHandlers,
  ...transferHandlers,
  ...injectionHandlers,
  ...chatHandlers,
  ...historyHandlers,
  ...siteHandlers,
  ...storeHandlers,
  ...feedbackHandlers,
  ...searchHandlers,
  ...queueHandlers,
  ...activityHandlers,
  ...menuHandlers,
  ...connectionHandlers,
  ...consentHandlers,
  ...workHandlers,
  ...bringInHandlers,
  ...keywordsHandlers,
  ...tidyHandlers,
  ...desktopToolHandlers,
  ...extractBatchHandlers,
  ...syncHandlers,
  ...spaceHandlers,
  ping: async () => ({}),
};
