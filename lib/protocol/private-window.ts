/**
 * What a chat page in a private window may ask of the background (`sender.tab.incognito`; the
 * user has to allow the extension there first, in Chrome and in Firefox). A private window
 * promises that nothing of it outlives the window and that what is typed there goes nowhere
 * else: so nothing of a private chat is stored (no capture, no typed-here send, no chat switch,
 * no health report, no injection record, hit or feedback) and nothing of it is sent (no
 * extraction, which needs a stored chat, and no request keywords). The user's memories may
 * still be put into a message there (`not-learning`: the block is chosen on this device from
 * the draft, as for a site that does not learn): that reads the store and writes nothing, and
 * leaves the machine only inside the message the user sends to the site.
 * The router applies this to every chat-page message (entrypoints/background/router.ts);
 * PRIVACY.md states it and a unit test checks the two agree.
 */
import type { ChatPageMessage } from './index';

export type PrivateRule = 'answered' | 'refused' | 'not-learning';

export const IN_PRIVATE_WINDOW: { readonly [T in ChatPageMessage]: PrivateRule } = {
  ping: 'answered',
  'site.config': 'not-learning',
  'site.health': 'refused',
  'chat.status': 'refused',
  'chat.exclude': 'refused',
  'chat.include': 'refused',
  'chat.capture': 'refused',
  'chat.sent': 'refused',
  'chat.left': 'refused',
  'inject.prepare': 'not-learning',
  'inject.record': 'refused',
  'inject.missed': 'refused',
  'inject.followup': 'refused',
};

/** A `not-learning` message's request or reply with its `learn` switch off. */
export function notLearning<T>(value: T): T {
  return value !== null && typeof value === 'object' && 'learn' in value ? { ...value, learn: false } : value;
}
