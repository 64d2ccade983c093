import type { Handlers } from '../router';
import { activityHandlers } from './activity';
import { connectionHandlers } from './connection';
import { feedbackHandlers } from './feedback';
import { injectionHandlers } from './injection';
import { memoryHandlers } from './memories';
import { menuHandlers } from './menu';
import { queueHandlers } from './queue';
import { searchHandlers } from './search';
import { settingsHandlers } from './settings';
import { storeHandlers } from './store';
import { transferHandlers } from './transfer';

/** Every message type must have exactly one handler: the type below checks it. */
export const handlers: Handlers = {
  ...settingsHandlers,
  ...memoryHandlers,
  ...transferHandlers,
  ...injectionHandlers,
  ...storeHandlers,
  ...feedbackHandlers,
  ...searchHandlers,
  ...queueHandlers,
  ...activityHandlers,
  ...menuHandlers,
  ...connectionHandlers,
  ping: async () => ({}),
};
