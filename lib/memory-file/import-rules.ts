/**
 * Checks across the records of one import file, after each record has parsed on its own. A
 * file comes from anywhere, so what it says about itself must hold together: one record per
 * id, links that lead somewhere, sites the extension knows, times that have happened, and chat
 * ids that match their site. Each refusal has a code and names the first offending path.
 */
import type { Chat, MemoryRecord } from '../memory/types';
import { isSiteId, SITE_IDS } from '../sites/ids';

/** A timestamp more than this far after now is refused: it would win every later merge. */
const FUTURE_SLACK_MS = 24 * 60 * 60 * 1000;

export type ImportRule =
  | 'duplicate_id'
  | 'dangling_superseded_by'
  | 'unknown_site'
  | 'future_timestamp'
  | 'chat_site_mismatch';

export interface ImportProblem {
  rule: ImportRule;
  message: string;
}

/** A page remembered from an ordinary web page keeps its host name as the source site. */
const HOST = /^(?=.{1,253}$)[a-z0-9-]+(\.[a-z0-9-]+)*$/;

function duplicate(ids: readonly (string | undefined)[], what: string): ImportProblem | null {
  const first = new Map<string, number>();
  for (const [i, id] of ids.entries()) {
    if (id === undefined) continue;
    const seen = first.get(id);
    if (seen !== undefined)
      return {
        rule: 'duplicate_id',
        message: `${what}[${i}].id: duplicate id ${JSON.stringify(id)} (also ${what}[${seen}])`,
      };
    first.set(id, i);
  }
  return null;
}

function future(at: string | null, path: string, limitMs: number): ImportProblem | null {
  if (at === null || Date.parse(at) <= limitMs) return null;
  return {
    rule: 'future_timestamp',
    message: `${path}: ${at} is in the future (more than a day after now)`,
  };
}

function memoryProblem(m: MemoryRecord, i: number, ids: ReadonlySet<string>, limitMs: number): ImportProblem | null {
  const path = `memories[${i}]`;
  if (m.supersededBy !== null && !ids.has(m.supersededBy))
    return {
      rule: 'dangling_superseded_by',
      message: `${path}.supersededBy: ${JSON.stringify(m.supersededBy)} is not the id of a memory in this file or your store`,
    };
  if (m.source) {
    const { site, chatId } = m.source;
    const fromChat = chatId !== '';
    if (fromChat ? !isSiteId(site) : !isSiteId(site) && !HOST.test(site))
      return {
        rule: 'unknown_site',
        message: `${path}.source.site: expected a site id (${SITE_IDS.join(', ')}), got ${JSON.stringify(site.slice(0, 60))}`,
      };
    if (fromChat && !chatId.startsWith(`${site}:`))
      return {
        rule: 'chat_site_mismatch',
        message: `${path}.source.chatId: ${JSON.stringify(chatId.slice(0, 80))} is not a chat of site ${site}`,
      };
  }
  return (
    future(m.createdAt, `${path}.createdAt`, limitMs) ??
    future(m.updatedAt, `${path}.updatedAt`, limitMs) ??
    future(m.lastHitAt, `${path}.lastHitAt`, limitMs)
  );
}

function chatProblem(c: Chat, i: number, limitMs: number): ImportProblem | null {
  const path = `chats[${i}]`;
  const expected = `${c.site}:${c.conversationId}`;
  if (c.id !== expected)
    return {
      rule: 'chat_site_mismatch',
      message: `${path}.id: expected ${JSON.stringify(expected.slice(0, 80))} for site ${c.site}, got ${JSON.stringify(c.id.slice(0, 80))}`,
    };
  return (
    future(c.createdAt, `${path}.createdAt`, limitMs) ??
    future(c.updatedAt, `${path}.updatedAt`, limitMs) ??
    future(c.lastActivityAt, `${path}.lastActivityAt`, limitMs)
  );
}

/**
 * The first problem in a parsed file, or null. `givenIds` are the ids the file itself
 * carried (generated ones cannot collide); `knownIds` are ids already in the store, which a
 * `supersededBy` may also name.
 */
export function firstImportProblem(
  file: { memories: readonly MemoryRecord[]; chats: readonly Chat[]; spaces?: readonly { id: string }[] },
  opts: { nowMs: number; givenIds: readonly (string | undefined)[]; knownIds?: ReadonlySet<string> },
): ImportProblem | null {
  const limitMs = opts.nowMs + FUTURE_SLACK_MS;
  const dup =
    duplicate(opts.givenIds, 'memories') ??
    duplicate(
      file.chats.map((c) => c.id),
      'chats',
    ) ??
    duplicate(
      (file.spaces ?? []).map((s) => s.id),
      'spaces',
    );
  if (dup) return dup;
  const ids = new Set([...file.memories.map((m) => m.id), ...(opts.knownIds ?? [])]);
  for (const [i, m] of file.memories.entries()) {
    const problem = memoryProblem(m, i, ids, limitMs);
    if (problem) return problem;
  }
  for (const [i, c] of file.chats.entries()) {
    const problem = chatProblem(c, i, limitMs);
    if (problem) return problem;
  }
  return null;
}
