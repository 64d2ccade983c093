/**
 * The background's side of a site's "learn from chats" switch: anything a page sends that
 * would store or use its conversation is refused while the switch is off, whatever the page's
 * content script believes (it may be stale, or not ours at all).
 */

import { loadSettings } from '../../lib/db/settings-store';
import { MessageError } from '../../lib/protocol/define';
import type { SiteId } from '../../lib/sites/ids';

export async function requireLearning(site: SiteId): Promise<void> {
  if (!(await loadSettings()).sites[site].learn) {
    throw new MessageError('forbidden', `learning from chats is off on ${site}; nothing from it is kept`);
  }
}
