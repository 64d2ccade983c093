/**
 * A chat tab's block composed from ranked candidates: the one place where what goes into a
 * block for a chat page is decided. The candidates are the memories the chat's space reaches
 * (the ranking index), the past chats' excerpts found for the draft and the draft's request
 * keywords when they arrived; selectForInjection ranks them, keeps what is relevant, fits the
 * site's budget and renders. A step that changes which candidates go in belongs here, between
 * gathering and choosing, so a block warmed while typing and one handed out at the send are
 * composed the same way.
 */
import { installMark } from '../../../lib/db/install-mark';
import { warmIndex } from '../../../lib/db/memory-index-source';
import { pastChatsFor } from '../../../lib/db/past-chats';
import { type Selection, selectForInjection } from '../../../lib/ranking/select';
import type { Settings } from '../../../lib/settings/schema';
import { nowMs } from '../../../lib/time';
import type { TabSpace } from '../chat-space';
import type { ChatPageSender as ChatTab } from '../router';

export interface BlockInputs {
  tab: ChatTab;
  /** What the user typed (only that is ranked). */
  draft: string;
  settings: Settings;
  /** The chat's space, and the tab's record read with it. */
  space: TabSpace;
  /** The model's search keywords for the draft, when they arrived (../request-keywords.ts keywordsFor). */
  requestKeywords: readonly string[];
}

export async function composeBlock({ tab, draft, settings, space, requestKeywords }: BlockInputs): Promise<Selection> {
  const record = space.tab;
  // The index first: on a cold worker it is the long wait, and the rest reads beside it.
  const index = await warmIndex();
  const mark = await installMark(tab.site);
  const excerpts = await pastChatsFor(settings, {
    site: tab.site,
    conversationId: record?.conversationId ?? null,
    url: tab.url,
    draft,
    requestKeywords,
    skip: record?.excluded,
    now: nowMs(),
    spaces: space.filter,
  });
  return selectForInjection(index, draft, {
    site: tab.site,
    now: nowMs(),
    budgetTokens: settings.sites[tab.site].budgetTokens,
    exclude: record?.excluded ?? [],
    mark,
    requestKeywords,
    spaces: space.filter,
    excerpts,
  });
}
