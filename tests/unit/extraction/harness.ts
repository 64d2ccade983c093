/**
 * Shared set-up for extraction tests: the real SDK against the local fake Messages API, the
 * real settings store (fakeBrowser), a queue with a fixed worker id and recorded wake-ups.
 */

import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createBackup } from '../../../lib/db/backups';
import { type CapturedTurn, finishChat, getChat, recordCapture } from '../../../lib/db/chats';
import { claimSends, recordSend } from '../../../lib/db/sends';
import { loadApiKey, loadSettings, saveApiKey, saveSettings } from '../../../lib/db/settings-store';
import type { ExtractedMemory } from '../../../lib/extraction/extract-schema';
import type { WindowLimits } from '../../../lib/extraction/transcript';
import type { Chat } from '../../../lib/memory/types';
import { createClient } from '../../../lib/model/client';
import { ExtractionQueue } from '../../../lib/queue/queue';
import { defaultSettings, type Settings } from '../../../lib/settings/schema';
import type { SiteId } from '../../../lib/sites/ids';
import { FakeAnthropicApi, type ReceivedRequest, type ScriptedReply, toolUseMessage } from '../../fake-api/server';

/** Looks like a real key, so any leak would be caught by the key-shaped scrubber and by our checks. */
export const KEY = 'sk-ant-api03-TESTKEY0123456789abcdefghijklmnopqrstuvwxyzABCDEF';

export interface Harness {
  queue: ExtractionQueue;
  /** Every wake-up the queue asked for (ISO time, or null for none). */
  wakeUps: (string | null)[];
}

export async function setUpQueue(
  api: FakeAnthropicApi,
  opts: {
    settings?: Partial<Settings>;
    timeoutMs?: number;
    runner?: string;
    key?: string | null;
    limits?: WindowLimits;
  } = {},
): Promise<Harness> {
  await saveSettings({ ...defaultSettings(), baseUrl: api.url, ...opts.settings });
  await saveApiKey(opts.key === undefined ? KEY : opts.key);
  const wakeUps: (string | null)[] = [];
  const queue = new ExtractionQueue({
    runner: opts.runner ?? 'worker-1',
    timeoutMs: opts.timeoutMs ?? 5_000,
    createClient,
    random: () => 0.5,
    limits: opts.limits,
    loadSettings,
    loadApiKey,
    schedule: (at) => wakeUps.push(at),
    backup: async () => {
      await createBackup('after extraction');
    },
  });
  return { queue, wakeUps };
}

/** The tab the harness's chats are typed in. */
const TAB = 41;

/**
 * A captured and finished chat. By default the user typed and sent its user turns here (as the
 * content script reports each trusted send); `sentHere: false` is a chat only opened.
 */
export async function finishedChat(
  turns: readonly CapturedTurn[],
  opts: { site?: SiteId; conversationId?: string; title?: string; sentHere?: boolean } = {},
): Promise<Chat> {
  const site = opts.site ?? 'chatgpt';
  const conversationId = opts.conversationId ?? 'conv-1';
  if (opts.sentHere !== false) {
    for (const turn of turns) if (turn.role === 'user') await recordSend(TAB, site, turn.text);
  }
  const captured = await recordCapture({
    site,
    conversationId,
    url: `https://chatgpt.com/c/${conversationId}`,
    title: opts.title ?? 'A chat',
    turns,
  });
  if (!captured) throw new Error('capture refused');
  await claimSends(TAB, captured);
  await finishChat(captured.id);
  const chat = await getChat(captured.id);
  if (!chat) throw new Error('chat vanished');
  return chat;
}

export function saveMemories(
  summary: string,
  memories: ExtractedMemory[],
  usage = { input_tokens: 900, output_tokens: 120 },
): ScriptedReply {
  return { body: toolUseMessage('save_memories', { summary, memories }, usage) };
}

interface SentBody {
  system: string;
  messages: { role: string; content: string }[];
  tools: { name: string; input_schema: unknown }[];
  tool_choice: unknown;
  model: string;
}

export function sentBody(req: ReceivedRequest | undefined): SentBody {
  if (!req) throw new Error('no request was made');
  return req.body as SentBody;
}

/** The user message of a request: existing memories and the transcript. */
export function sentUser(req: ReceivedRequest | undefined): string {
  return sentBody(req).messages[0]?.content ?? '';
}

/** The alias the prompt gave to the memory whose text is `content`. */
export function aliasOf(req: ReceivedRequest, content: string): string {
  const line = sentUser(req)
    .split('\n')
    .find((l) => l.endsWith(`) ${content}`));
  const alias = line?.match(/^\[(m\d+)\]/)?.[1];
  if (!alias) throw new Error(`"${content}" was not among the existing memories sent`);
  return alias;
}

/** The file's fake API, reset before each test, with the settings pointing at it and the key saved. */
export function withFakeApi(): FakeAnthropicApi {
  const api = new FakeAnthropicApi();
  beforeAll(() => api.start());
  afterAll(() => api.stop());
  beforeEach(async () => {
    api.reset();
    await saveSettings({ ...defaultSettings(), baseUrl: api.url, dailyTokenCap: 100_000 });
    await saveApiKey(KEY);
  });
  return api;
}
