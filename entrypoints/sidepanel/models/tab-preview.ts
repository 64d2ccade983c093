/**
 * What would be injected for a draft on a site: the background's answer (`inject.preview`,
 * retrieval issue) when it exists, otherwise the same v0 ranker and budget cut the background
 * uses today, run here over the live list. Excluded memories stay listed, switched off.
 */
import * as z from 'zod/mini';
import { estimateTokens, fitToBudget, renderBlock } from '../../../lib/memory/render';
import { MemoryIndex, type RankedMemory } from '../../../lib/memory/retrieve';
import { MemoryRecordSchema, type ScoreParts, ScorePartsSchema } from '../../../lib/memory/types';
import type { SiteId } from '../../../lib/sites';
import { sendOptional } from './optional-send';

export interface PreviewItem extends Pick<RankedMemory, 'memory' | 'score'> {
  parts: ScoreParts;
  excluded: boolean;
}

export interface Preview {
  items: PreviewItem[];
  tokens: number;
  from: 'ranker' | 'local';
}

export const EMPTY_PREVIEW: Preview = { items: [], tokens: 0, from: 'local' };

export function buildIndex(all: Iterable<RankedMemory['memory']>): MemoryIndex {
  const index = new MemoryIndex();
  for (const m of all) index.upsert(m);
  return index;
}

export function localPreview(
  index: MemoryIndex,
  input: { site: SiteId; draft: string; budget: number; excluded: ReadonlySet<string>; now: number },
): Preview {
  if (!input.draft.trim()) return EMPTY_PREVIEW;
  const ranked = index.rank(input.draft, { site: input.site, now: input.now, limit: 50 });
  const chosen = fitToBudget(
    ranked.filter((r) => !input.excluded.has(r.memory.id)),
    input.budget,
  );
  const off = ranked.filter((r) => input.excluded.has(r.memory.id));
  const tokens = chosen.length ? estimateTokens(renderBlock(chosen.map((r) => r.memory))) : 0;
  return {
    items: [...chosen.map((r) => ({ ...r, excluded: false })), ...off.map((r) => ({ ...r, excluded: true }))],
    tokens,
    from: 'local',
  };
}

const RankedItem = z.object({ memory: MemoryRecordSchema, score: z.number(), parts: ScorePartsSchema });
const PreviewReply = z.object({ items: z.array(RankedItem), tokens: z.optional(z.int()) });

/** The background's preview, or undefined while `inject.preview` is not on this build. */
export async function rankerPreview(input: {
  site: SiteId;
  draft: string;
  excluded: ReadonlySet<string>;
}): Promise<Preview | undefined> {
  const exclude = [...input.excluded];
  const reply = await sendOptional('inject.preview', { site: input.site, draft: input.draft, exclude }, PreviewReply);
  if (!reply) return undefined;
  const chosen = reply.items.map((r) => ({ ...r, excluded: false }));
  return { items: chosen, tokens: reply.tokens ?? 0, from: 'ranker' };
}
