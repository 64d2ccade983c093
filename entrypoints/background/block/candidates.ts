/**
 * The candidates a request keywords call judges, found as the block would find them: the
 * ranker's best memories for the draft and the excerpt search's best exchanges, under the
 * chat's space filter and the tab's exclusions at the time of the call. The space may change
 * while the call runs; the picks are checked again when the block is made (judged-selection.ts).
 * Part of the block session (session.ts): the same gathering compose.ts does, offered to the
 * model instead of rendered; every text leaves through the privacy filter (judge-candidates.ts).
 */
import { warmIndex } from '../../../lib/db/memory-index-source';
import { pastChatsFor } from '../../../lib/db/past-chats';
import type { ProjectKey } from '../../../lib/memory/spaces';
import { rankForInjection } from '../../../lib/ranking/select';
import {
  CANDIDATE_FLOOR,
  CHAT_CANDIDATES,
  type JudgeCandidates,
  judgeCandidates,
} from '../../../lib/request-keywords/judge-candidates';
import type { Settings } from '../../../lib/settings/schema';
import type { SiteId } from '../../../lib/sites/ids';
import { nowMs } from '../../../lib/time';
import { spaceOfTab } from '../chat-space';

export interface CandidateQuery {
  tabId: number;
  site: SiteId;
  url: string;
  project: ProjectKey | null | undefined;
  draft: string;
  /** Keywords an earlier answer gave for a draft this one still mostly holds. */
  keywords: readonly string[];
}

export async function candidatesFor(q: CandidateQuery, settings: Settings): Promise<JudgeCandidates> {
  const space = await spaceOfTab({ tabId: q.tabId, site: q.site, url: q.url, project: q.project });
  const exclude = space.tab?.excluded ?? [];
  const { ranked } = rankForInjection(await warmIndex(), q.draft, {
    site: q.site,
    now: nowMs(),
    exclude,
    requestKeywords: q.keywords,
    spaces: space.filter,
  });
  const excerpts = await pastChatsFor(settings, {
    site: q.site,
    conversationId: space.tab?.conversationId ?? null,
    url: q.url,
    draft: q.draft,
    requestKeywords: q.keywords,
    skip: exclude,
    now: nowMs(),
    spaces: space.filter,
    max: CHAT_CANDIDATES,
    floor: CANDIDATE_FLOOR,
  });
  return judgeCandidates(ranked, excerpts, settings.privacyPatterns);
}
