/**
 * Desktop tools' calls (sender kind `native`, from the bridge) and the panel's view of them.
 * Every call is checked against the switches at the moment it arrives and recorded for
 * Activity, answered or refused. A client is also bounded here, per minute, as it is in the
 * host: whatever sits on the pipe, the store is never read faster than that. Which spaces a
 * call may read is worked out at the moment too (lib/bridge/spaces.ts).
 */
import { CallBudget } from '../../../lib/bridge/budget';
import { ADD_OFF, CHATS_OFF, TOO_MANY_CALLS, TOOLS_OFF } from '../../../lib/bridge/errors';
import {
  CALLS_PER_MINUTE,
  CALLS_PER_MINUTE_ALL,
  MAX_CHAT_RESULTS,
  MAX_QUERY_CHARS,
  MAX_SPACE_ARG_CHARS,
} from '../../../lib/bridge/limits';
import type { ToolName } from '../../../lib/bridge/schemas';
import { profileForTool, searchForTool, toolMayKnow, toToolMemory } from '../../../lib/bridge/select';
import { spaceNames, toolFilter, toolSpaceNamed, toolSpaces } from '../../../lib/bridge/spaces';
import type { BridgeStatus } from '../../../lib/bridge/status';
import { proposeMemory } from '../../../lib/db/memories';
import { warmIndex } from '../../../lib/db/memory-index-source';
import { pastChatsForTools } from '../../../lib/db/past-chats';
import { loadSettings, saveSettings } from '../../../lib/db/settings-store';
import { listSpaces } from '../../../lib/db/spaces';
import { addToolCall, recentToolCalls } from '../../../lib/db/tool-calls';
import { isOpen, type Space, type SpaceFilter, type SpaceId } from '../../../lib/memory/spaces';
import { MessageError } from '../../../lib/protocol/define';
import type { DesktopTools } from '../../../lib/settings/schema';
import { now, nowMs } from '../../../lib/time';
import { bridgeState, syncBridge } from '../bridge-port';
import type { HandlerGroup } from '../router';

const budget = new CallBudget(CALLS_PER_MINUTE, CALLS_PER_MINUTE_ALL);
const RECENT = 8;

interface CallInfo {
  client: string;
  tool: ToolName;
  query: string;
  /** The space the tool named, if any. */
  space?: string | undefined;
}

/**
 * A refused `remember` keeps none of its words (nor the space name it wrote): the privacy filter
 * has not read them, and nothing refused is stored. Activity says the tool, why, and how long.
 */
function kept(call: CallInfo, refused: string | undefined) {
  if (refused === undefined || call.tool !== 'remember') {
    const space = call.space === undefined ? {} : { space: call.space.slice(0, MAX_SPACE_ARG_CHARS) };
    return { query: call.query.slice(0, MAX_QUERY_CHARS), ...space };
  }
  return { query: '', chars: call.query.length };
}

async function record(call: CallInfo, memoryIds: string[], refused?: string) {
  await addToolCall({
    id: crypto.randomUUID(),
    at: now(),
    client: call.client,
    tool: call.tool,
    ...kept(call, refused),
    memoryIds,
    ...(refused ? { refused: refused.slice(0, 300) } : {}),
  });
}

interface CallSpaces {
  /** What the call may return: the named space's reach, or all it may read. */
  filter: SpaceFilter;
  /** All the tools may read, whichever space the call named. */
  readable: SpaceFilter;
  /** The space the call named (null: none). */
  named: Space | null;
  names: ReadonlyMap<SpaceId, string>;
}

/**
 * The spaces this call may read, and the one it named: an unknown name, or one of a space kept
 * from tools, is refused (and recorded) with the same words, so nothing tells them apart.
 */
async function spacesFor(call: CallInfo, tools: DesktopTools): Promise<CallSpaces> {
  const readable = toolSpaces(await listSpaces(), tools.spaces, nowMs());
  const names = spaceNames(readable);
  const all = toolFilter(readable, null);
  if (call.space === undefined) return { filter: all, readable: all, named: null, names };
  const found = toolSpaceNamed(call.space, readable);
  if (!found.ok) {
    await record(call, [], found.message);
    throw new MessageError('bad_request', found.message);
  }
  return { filter: toolFilter(readable, found.space), readable: all, named: found.space, names };
}

/** The switches as they are now; refuses (and records) a call they do not allow. */
async function admit(call: CallInfo): Promise<DesktopTools> {
  const { client, tool } = call;
  const tools = (await loadSettings()).desktopTools;
  let refusal: MessageError | null = null;
  if (!tools.enabled) refusal = new MessageError('forbidden', TOOLS_OFF);
  else if (tool === 'remember' && !tools.allowAdd) refusal = new MessageError('forbidden', ADD_OFF);
  else if (tool === 'search_chats' && !tools.searchChats) refusal = new MessageError('forbidden', CHATS_OFF);
  else if (!budget.take(client, nowMs()))
    refusal = new MessageError('busy', TOO_MANY_CALLS.replace('{n}', String(CALLS_PER_MINUTE)));
  if (!refusal) return tools;
  await record(call, [], refusal.message);
  throw refusal;
}

async function status(): Promise<BridgeStatus> {
  const { desktopTools } = await loadSettings();
  const at = nowMs();
  const spaces = (await listSpaces()).map((s) => ({
    id: s.id,
    name: s.name,
    isolated: s.isolated,
    closed: !isOpen(s, at),
  }));
  return { desktopTools, ...bridgeState(), recent: await recentToolCalls(RECENT), spaces };
}

export const desktopToolHandlers: HandlerGroup<
  | 'tool.search_memories'
  | 'tool.get_profile'
  | 'tool.remember'
  | 'tool.search_chats'
  | 'desktopTools.status'
  | 'desktopTools.set'
> = {
  /**
   * Excerpts of past chats (read-only), under the same exclusions as a conversation start's; their
   * text and title come filtered (lib/db/past-chats.ts). The link is the chat's own address.
   */
  'tool.search_chats': async ({ client, query, limit }) => {
    const call = { client, tool: 'search_chats' as const, query };
    const tools = await admit(call);
    const { readable } = await spacesFor(call, tools);
    const found = await pastChatsForTools(await loadSettings(), query, limit ?? MAX_CHAT_RESULTS, readable);
    // Activity lists the chats that went out (their ids, in the call's id list).
    await record(
      call,
      found.map((e) => e.chatId),
    );
    return {
      chats: found.map((e) => ({ site: e.site, date: e.date, title: e.title, link: e.url, excerpt: e.text })),
    };
  },
  'tool.search_memories': async ({ client, query, limit, space }) => {
    const call = { client, tool: 'search_memories' as const, query, space };
    const tools = await admit(call);
    const { filter, names } = await spacesFor(call, tools);
    const found = searchForTool(await warmIndex(), query, limit, {
      now: nowMs(),
      allowSiteScoped: tools.allowSiteScoped,
      spaces: filter,
    });
    await record(
      call,
      found.map((r) => r.memory.id),
    );
    const { privacyPatterns } = await loadSettings();
    return { memories: found.map((r) => toToolMemory(r.memory, names, privacyPatterns)) };
  },
  'tool.get_profile': async ({ client, space }) => {
    const call = { client, tool: 'get_profile' as const, query: '', space };
    const tools = await admit(call);
    const { filter, names } = await spacesFor(call, tools);
    const found = profileForTool(await warmIndex(), {
      now: nowMs(),
      allowSiteScoped: tools.allowSiteScoped,
      spaces: filter,
    });
    await record(
      call,
      found.map((r) => r.memory.id),
    );
    const { privacyPatterns } = await loadSettings();
    return { memories: found.map((r) => toToolMemory(r.memory, names, privacyPatterns)) };
  },
  'tool.remember': async ({ client, content, type, space }) => {
    const call = { client, tool: 'remember' as const, query: content, space };
    const tools = await admit(call);
    const { named, readable } = await spacesFor(call, tools);
    // A proposal, never an active memory: the user accepts it in the panel before it is used.
    const r = await proposeMemory(
      { content, type, origin: { kind: 'tool', client }, ...(named ? { space: named.id } : {}) },
      toolMayKnow(tools.allowSiteScoped, readable),
    );
    if (r.outcome === 'proposed') {
      await record(call, [r.memory.id]);
      return { proposed: { id: r.memory.id, status: 'proposed' as const } };
    }
    if (r.outcome === 'known') {
      const reason = 'claude-mem already holds this.';
      await record(call, [], reason);
      return { proposed: null, reason };
    }
    // Text the privacy filter refused is not written anywhere, Activity included. Which pattern
    // matched is for the panel: a pattern's label says what the user keeps private.
    await record(call, [], `left out by the privacy filter (${r.reason}).`);
    return { proposed: null, reason: 'left out by the privacy filter.' };
  },
  'desktopTools.status': async () => {
    await syncBridge();
    return status();
  },
  'desktopTools.set': async (next) => {
    const settings = await loadSettings();
    await saveSettings({ ...settings, desktopTools: next });
    await syncBridge();
    return status();
  },
};
