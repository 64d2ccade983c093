/**
 * What a desktop tool gets, chosen by the ranker injection uses and under the same hard rules:
 * only active memories (never proposed, superseded, archived or expired), of two versions only
 * the newest, and global scope only — a memory kept to one site goes out only when the user
 * allowed site-scoped memories for desktop tools — and only Everywhere's and the spaces tools may
 * read (./spaces.ts). What goes out is the text, type, date, importance, id and the space's
 * name: no score parts, no source URL or chat. The text leaves through the privacy filter's exit
 * (lib/privacy/leaving.ts), like the block's: a memory the user wrote with a secret in it goes out
 * with the secret redacted.
 */
import { passes, type SpaceFilter, type SpaceId } from '../memory/spaces';
import { MAX_MEMORY_CHARS, type MemoryRecord } from '../memory/types';
import { leavingLine } from '../privacy/leaving';
import { detectIntent, type Intent, LOOKUP_INTENT } from '../ranking/intent';
import { PROFILE_KINDS } from '../ranking/profile';
import type { RankedMemory } from '../ranking/ranked';
import { eligible, type MemoryIndex } from '../ranking/retrieve';
import { relevant } from '../ranking/select';
import type { PrivacyPattern } from '../settings/schema';
import { DEFAULT_RESULTS } from './limits';
import type { ToolMemory } from './schemas';

export interface ToolSelectOptions {
  now: number;
  allowSiteScoped: boolean;
  /** Which spaces' memories may go out (./spaces.ts toolFilter). */
  spaces: SpaceFilter;
}

/** Profile memories a tool gets at most, besides the address/style ones. */
const PROFILE_MAX = 8;
/** An advice request about everything at once: every kind of circumstance matters fully. */
const ANY_ADVICE: Intent = {
  ...LOOKUP_INTENT,
  advice: {
    relevance: Object.fromEntries(PROFILE_KINDS.map((k) => [k, 1])) as Record<(typeof PROFILE_KINDS)[number], number>,
  },
};

export function searchForTool(
  index: MemoryIndex,
  query: string,
  limit: number | undefined,
  opts: ToolSelectOptions,
): RankedMemory[] {
  const ranked = index.rank(query, {
    site: null,
    anyScope: opts.allowSiteScoped,
    now: opts.now,
    limit: 50,
    spaces: opts.spaces,
  });
  return relevant(ranked, limit ?? DEFAULT_RESULTS);
}

/**
 * The standing profile: the address/style preferences a greeting's block carries, then the
 * user's circumstances as an advice request would rank them.
 */
export function profileForTool(index: MemoryIndex, opts: ToolSelectOptions): RankedMemory[] {
  const base = { site: null, anyScope: opts.allowSiteScoped, now: opts.now, spaces: opts.spaces };
  const standing = index.rank('', { ...base, intent: detectIntent('') });
  const circumstances = index
    .rank('', { ...base, intent: ANY_ADVICE, limit: PROFILE_MAX })
    .filter((r) => (r.parts.profile ?? 0) > 0);
  const seen = new Set<string>();
  return [...standing, ...circumstances].filter((r) => !seen.has(r.memory.id) && seen.add(r.memory.id));
}

/**
 * What a tool may learn exists: what its search can return, and what tools proposed (every
 * tool speaks through the one bridge, and a tool's own proposal is text it wrote) in a space it
 * may read.
 */
export function toolMayKnow(allowSiteScoped: boolean, spaces: SpaceFilter): (m: MemoryRecord) => boolean {
  return (m) =>
    m.status === 'proposed'
      ? m.origin?.kind === 'tool' && passes(spaces, m.space)
      : eligible(m, { site: null, anyScope: allowSiteScoped, spaces });
}

/** `names`: the readable spaces' names; a memory of any other space never gets here. */
export function toToolMemory(
  m: MemoryRecord,
  names: ReadonlyMap<SpaceId, string>,
  patterns: readonly PrivacyPattern[],
): ToolMemory {
  const space = m.space === undefined ? undefined : names.get(m.space);
  return {
    id: m.id,
    type: m.type,
    content: leavingLine(m.content, patterns).slice(0, MAX_MEMORY_CHARS),
    date: m.updatedAt.slice(0, 10),
    importance: m.importance,
    scope: m.scope,
    ...(space !== undefined ? { space } : {}),
  };
}
