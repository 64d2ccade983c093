import type { Handlers } from '../router';
import { injectionHandlers } from './injection';
import { memoryHandlers } from './memories';
import { queueHandlers } from './queue';
import { settingsHandlers } from './settings';
import { transferHandlers } from './transfer';

/** Every message type must have exactly one handler: the type below checks it. */
export const handlers: Handlers = {
  ...settingsHandlers,
  ...memoryHandlers,
  ...transferHandlers,
  ...injectionHandlers,
  ...queueHandlers,
  ping: async () => ({}),
};
