/**
 * What would be injected for a draft on a site: the background's own answer (`inject.preview`),
 * so the panel shows exactly what the ranker and the budget would choose. The ranker (and its
 * NLP model) stays in the background. Excluded memories stay listed, switched off.
 */
import type * as z from 'zod/mini';
import type { MemoryRecord, ScoreParts } from '../../../lib/memory/types';
import { send } from '../../../lib/protocol/panel-send';
import type { InjectionPreviewSchema } from '../../../lib/ranking/schemas';
import type { SiteId } from '../../../lib/sites/ids';

export interface PreviewItem {
  memory: MemoryRecord;
  score: number;
  parts: ScoreParts;
  /** The words it shares with the draft, as the memory writes them (the background's reading). */
  shared: readonly string[];
  excluded: boolean;
}

/** A past chat's excerpt the block would carry (the site's "past chats" switch on). */
export type PreviewExcerpt = NonNullable<z.infer<typeof InjectionPreviewSchema>['pastChats']>[number];

export interface Preview {
  items: PreviewItem[];
  pastChats?: PreviewExcerpt[];
  tokens: number;
  from: 'ranker' | 'none';
  /** The tab's request keywords and the memories they brought in or moved out. */
  keywords?: { list: string[]; added: string[]; dropped: string[] };
}

export const EMPTY_PREVIEW: Preview = { items: [], tokens: 0, from: 'none' };

export async function rankerPreview(input: {
  site: SiteId;
  draft: string;
  excluded: ReadonlySet<string>;
  tabId?: number;
}): Promise<Preview> {
  const reply = await send('inject.preview', {
    site: input.site,
    draft: input.draft,
    exclude: [...input.excluded],
    ...(input.tabId === undefined ? {} : { tabId: input.tabId }),
  });
  const chosen = reply.items.map((r) => ({
    memory: r.memory,
    score: r.score,
    parts: r.parts,
    shared: r.shared,
    excluded: false,
  }));
  return {
    items: chosen,
    ...(reply.pastChats?.length ? { pastChats: reply.pastChats } : {}),
    tokens: reply.tokens,
    from: 'ranker',
    ...(reply.keywords ? { keywords: reply.keywords } : {}),
  };
}
