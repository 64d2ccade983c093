import type { Handlers } from '../router';
import { connectionHandlers } from './connection';
import { feedbackHandlers } from './feedback';
import { injectionHandlers } from './injection';
import { memoryHandlers } from './memories';
import { menuHandlers } from './menu';
import { settingsHandlers } from './settings';
import { transferHandlers } from './transfer';

/** Every message type must have exactly one handler: the type below checks it. */
export const handlers: Handlers = {
  ...settingsHandlers,
  ...memoryHandlers,
  ...transferHandlers,
  ...injectionHandlers,
  ...feedbackHandlers,
  ...menuHandlers,
  ...connectionHandlers,
  ping: async () => ({}),
};
