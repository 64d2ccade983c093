/**
 * Desktop tools' calls (sender kind `native`, from the bridge) and the panel's view of them.
 * Every call is checked against the switches at the moment it arrives and recorded for
 * Activity, answered or refused. A client is also bounded here, per minute, as it is in the
 * host: whatever sits on the pipe, the store is never read faster than that.
 */
import { CallBudget } from '../../../lib/bridge/budget';
import { ADD_OFF, CHATS_OFF, TOO_MANY_CALLS, TOOLS_OFF } from '../../../lib/bridge/errors';
import { CALLS_PER_MINUTE, CALLS_PER_MINUTE_ALL, MAX_CHAT_RESULTS, MAX_QUERY_CHARS } from '../../../lib/bridge/limits';
import type { ToolName } from '../../../lib/bridge/schemas';
import { profileForTool, searchForTool, toolMayKnow, toToolMemory } from '../../../lib/bridge/select';
import type { BridgeStatus } from '../../../lib/bridge/status';
import { proposeMemory } from '../../../lib/db/memories';
import { warmIndex } from '../../../lib/db/memory-index-source';
import { pastChatsForTools } from '../../../lib/db/past-chats';
import { loadSettings, saveSettings } from '../../../lib/db/settings-store';
import { addToolCall, recentToolCalls } from '../../../lib/db/tool-calls';
import { MessageError } from '../../../lib/protocol/define';
import type { DesktopTools } from '../../../lib/settings/schema';
import { now, nowMs } from '../../../lib/time';
import { bridgeState, syncBridge } from '../bridge-port';
import type { HandlerGroup } from '../router';

const budget = new CallBudget(CALLS_PER_MINUTE, CALLS_PER_MINUTE_ALL);
const RECENT = 8;

async function record(client: string, tool: ToolName, query: string, memoryIds: string[], refused?: string) {
  await addToolCall({
    id: crypto.randomUUID(),
    at: now(),
    client,
    tool,
    query: query.slice(0, MAX_QUERY_CHARS),
    memoryIds,
    ...(refused ? { refused: refused.slice(0, 300) } : {}),
  });
}

/** The switches as they are now; refuses (and records) a call they do not allow. */
async function admit(client: string, tool: ToolName, query: string): Promise<DesktopTools> {
  const tools = (await loadSettings()).desktopTools;
  let refusal: MessageError | null = null;
  if (!tools.enabled) refusal = new MessageError('forbidden', TOOLS_OFF);
  else if (tool === 'remember' && !tools.allowAdd) refusal = new MessageError('forbidden', ADD_OFF);
  else if (tool === 'search_chats' && !tools.searchChats) refusal = new MessageError('forbidden', CHATS_OFF);
  else if (!budget.take(client, nowMs()))
    refusal = new MessageError('busy', TOO_MANY_CALLS.replace('{n}', String(CALLS_PER_MINUTE)));
  if (!refusal) return tools;
  await record(client, tool, query, [], refusal.message);
  throw refusal;
}

async function status(): Promise<BridgeStatus> {
  const { desktopTools } = await loadSettings();
  return { desktopTools, ...bridgeState(), recent: await recentToolCalls(RECENT) };
}

export const desktopToolHandlers: HandlerGroup<
  | 'tool.search_memories'
  | 'tool.get_profile'
  | 'tool.remember'
  | 'tool.search_chats'
  | 'desktopTools.status'
  | 'desktopTools.set'
> = {
  /** Excerpts of past chats (read-only), under the same exclusions as a conversation start's. */
  'tool.search_chats': async ({ client, query, limit }) => {
    await admit(client, 'search_chats', query);
    const found = await pastChatsForTools(await loadSettings(), query, limit ?? MAX_CHAT_RESULTS);
    // Activity lists the chats that went out (their ids, in the call's id list).
    await record(
      client,
      'search_chats',
      query,
      found.map((e) => e.chatId),
    );
    return {
      chats: found.map((e) => ({ site: e.site, date: e.date, title: e.title, link: e.url, excerpt: e.text })),
    };
  },
  'tool.search_memories': async ({ client, query, limit }) => {
    const tools = await admit(client, 'search_memories', query);
    const found = searchForTool(await warmIndex(), query, limit, {
      now: nowMs(),
      allowSiteScoped: tools.allowSiteScoped,
    });
    await record(
      client,
      'search_memories',
      query,
      found.map((r) => r.memory.id),
    );
    return { memories: found.map((r) => toToolMemory(r.memory)) };
  },
  'tool.get_profile': async ({ client }) => {
    const tools = await admit(client, 'get_profile', '');
    const found = profileForTool(await warmIndex(), { now: nowMs(), allowSiteScoped: tools.allowSiteScoped });
    await record(
      client,
      'get_profile',
      '',
      found.map((r) => r.memory.id),
    );
    return { memories: found.map((r) => toToolMemory(r.memory)) };
  },
  'tool.remember': async ({ client, content, type }) => {
    const tools = await admit(client, 'remember', content);
    // A proposal, never an active memory: the user accepts it in the panel before it is used.
    const r = await proposeMemory(
      { content, type, origin: { kind: 'tool', client } },
      toolMayKnow(tools.allowSiteScoped),
    );
    if (r.outcome === 'proposed') {
      await record(client, 'remember', content, [r.memory.id]);
      return { proposed: { id: r.memory.id, status: 'proposed' as const } };
    }
    if (r.outcome === 'known') {
      const reason = 'claude-mem already holds this.';
      await record(client, 'remember', content, [], reason);
      return { proposed: null, reason };
    }
    // Text the privacy filter refused is not written anywhere, Activity included. Which pattern
    // matched is for the panel: a pattern's label says what the user keeps private.
    await record(client, 'remember', '', [], `left out by the privacy filter (${r.reason}).`);
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
