/**
 * A block composed from ranked candidates: the one place where what goes into a memory block
 * is decided, for the block a chat page gets (session.ts) and for the side panel's preview of
 * it (handlers/search.ts), so the two show the same. The candidates are the memories the chat's
 * space reaches (the ranking index), the past chats' excerpts found for the draft and the
 * draft's request keywords when they arrived; selectForInjection ranks them, keeps what is
 * relevant, fits the site's budget and renders. When the request keywords call also judged the
 * candidates, its picks go first in its order and the ranker's next best fill the budget
 * (lib/request-keywords/judged-selection.ts). A step that changes which candidates go in
 * belongs here, between gathering and choosing.
 */
import { installMark } from '../../../lib/db/install-mark';
import { warmIndex } from '../../../lib/db/memory-index-source';
import { pastChatsFor } from '../../../lib/db/past-chats';
import type { SpaceFilter } from '../../../lib/memory/spaces';
import type { JudgedPicks } from '../../../lib/request-keywords/judge-answer';
import { excerptSearch, type JudgedSelection, selectJudged } from '../../../lib/request-keywords/judged-selection';
import type { Settings } from '../../../lib/settings/schema';
import type { SiteId } from '../../../lib/sites/ids';
import { nowMs } from '../../../lib/time';

export interface BlockInputs {
  site: SiteId;
  /** What the user typed (only that is ranked). */
  draft: string;
  settings: Settings;
  /** The spaces the chat may reach (../chat-space.ts). */
  spaces: SpaceFilter;
  /** Memories switched off for it (the tab's, or those unticked in the preview). */
  exclude: readonly string[] | undefined;
  /** The model's search keywords for the draft, when they arrived (../request-keywords.ts judgmentFor). */
  requestKeywords: readonly string[];
  /** The model's picks among the candidates, when its answer judged them (null: ranked as without a model). */
  picks: JudgedPicks | null;
  /** The conversation the draft is typed in (null: a new chat) and its address: its own excerpts stay out. */
  conversationId: string | null;
  url: string;
}

export async function composeBlock(inputs: BlockInputs): Promise<JudgedSelection> {
  const { site, draft, settings, spaces, exclude, requestKeywords, picks } = inputs;
  // The index first: on a cold worker it is the long wait.
  const index = await warmIndex();
  const mark = await installMark(site);
  const now = nowMs();
  const excerpts = await pastChatsFor(settings, {
    site,
    conversationId: inputs.conversationId,
    url: inputs.url,
    draft,
    requestKeywords,
    skip: exclude,
    now,
    spaces,
    ...excerptSearch(picks),
  });
  return selectJudged(
    index,
    draft,
    {
      site,
      now,
      budgetTokens: settings.sites[site].budgetTokens,
      exclude: exclude ?? [],
      mark,
      requestKeywords,
      spaces,
      excerpts,
      privacyPatterns: settings.privacyPatterns,
    },
    picks,
  );
}
