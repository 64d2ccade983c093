import type { Handlers } from '../router';
import { chatHandlers } from './chats';
import { injectionHandlers } from './injection';
import { memoryHandlers } from './memories';
import { settingsHandlers } from './settings';
import { siteHandlers } from './sites';
import { transferHandlers } from './transfer';

/** Every message type must have exactly one handler: the type below checks it. */
export const handlers: Handlers = {
  ...settingsHandlers,
  ...memoryHandlers,
  ...transferHandlers,
  ...injectionHandlers,
  ...chatHandlers,
  ...siteHandlers,
  ping: async () => ({}),
};
