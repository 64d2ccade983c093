/**
 * Past chats as context over the real history index on fake-indexeddb: chats captured through
 * the product's capture path and indexed by the upkeep; the excerpts a conversation start gets
 * under the user's settings (pastChatsFor, what inject.prepare and inject.preview call), the
 * relevance floor, every exclusion (a chat the user asked not to remember, a site not learned
 * from, the chat being written, another site's chat, another space's, a chat removed in the
 * panel), privacy patterns, continuation requests, request keywords, and the block's budget
 * and marking.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { toolFilter, toolSpaces } from '../../../lib/bridge/spaces';
import { excludeChat, recordCapture } from '../../../lib/db/chats';
import { db } from '../../../lib/db/db';
import { listHistory } from '../../../lib/db/history-list';
import { keepHistoryIndexed } from '../../../lib/db/history-upkeep';
import { countPastChatUses } from '../../../lib/db/past-chat-uses';
import { type ConversationStart, pastChatsFor, pastChatsForTools } from '../../../lib/db/past-chats';
import { createSpace, listSpaces, updateSpace } from '../../../lib/db/spaces';
import { isBareContinuation } from '../../../lib/history/continuation';
import { EXCERPT_CHARS } from '../../../lib/history/excerpts';
import { EVERYWHERE_ONLY, filterOf, reachOf, type SpaceFilter } from '../../../lib/memory/spaces';
import { EXCERPTS_HEADER } from '../../../lib/ranking/render';
import { MemoryIndex } from '../../../lib/ranking/retrieve';
import { selectForInjection } from '../../../lib/ranking/select';
import { defaultSettings, type Settings } from '../../../lib/settings/schema';
import type { SiteId } from '../../../lib/sites/ids';

const LONG_ANSWER = `For a week in Lisbon in May, stay in Alfama or Príncipe Real. ${'Take the 28 tram early, before the crowds. '.repeat(30)}`;

async function capture(site: SiteId, id: string, title: string, turns: [string, string][]) {
  await recordCapture({
    site,
    conversationId: id,
    url: `https://${site}.test/c/${id}`,
    title,
    turns: turns.map(([role, text]) => ({ role: role as 'user' | 'assistant', text })),
  });
}

async function seed() {
  await capture('chatgpt', 'lisbon', 'Lisbon trip', [
    ['user', 'I am planning a week in Lisbon in May with my partner. Which neighbourhood should we stay in?'],
    ['assistant', LONG_ANSWER],
  ]);
  await capture('chatgpt', 'sourdough', 'Sourdough starter', [
    ['user', 'How often should I feed my sourdough starter when it lives in the fridge?'],
    ['assistant', 'Feed a refrigerated starter about once a week: discard half, then feed flour and water.'],
  ]);
  await capture('claude', 'lisbon-claude', 'Lisbon restaurants', [
    ['user', 'Which Lisbon restaurants near Alfama serve grilled sardines in May?'],
    ['assistant', 'Try the small tascas around Largo de São Miguel; sardine season starts in June.'],
  ]);
  await keepHistoryIndexed();
}

function settings(pastChats: Settings['sites']['chatgpt']['pastChats'] = 'this-site'): Settings {
  const s = defaultSettings();
  s.sites.chatgpt.pastChats = pastChats;
  return s;
}

const start = (draft: string, extra: Partial<ConversationStart> = {}): ConversationStart => ({
  site: 'chatgpt',
  conversationId: null,
  url: 'https://chatgpt.test/',
  draft,
  now: Date.now(),
  spaces: EVERYWHERE_ONLY,
  ...extra,
});

/** What the chat being written may reach, as the background works it out: its record's space. */
async function reachOfChat(site: SiteId, conversationId: string | null | undefined): Promise<SpaceFilter> {
  const chat = conversationId ? await db.chats.get(`${site}:${conversationId}`) : undefined;
  return filterOf(reachOf(chat?.space ?? null, await listSpaces(), Date.now()));
}

const ids = async (draft: string, s = settings(), extra: Partial<ConversationStart> = {}) => {
  const spaces = await reachOfChat(extra.site ?? 'chatgpt', extra.conversationId);
  return (await pastChatsFor(s, start(draft, { spaces, ...extra }))).map((e) => e.chatId);
};

/** What desktop tools may read under these settings (lib/bridge/spaces.ts). */
const toolReach = async (s: Settings) =>
  toolFilter(toolSpaces(await listSpaces(), s.desktopTools.spaces, Date.now()), null);

describe('past chats as context', () => {
  beforeEach(seed);

  it('gives the matching exchange, at most 600 characters, with title, site and date', async () => {
    const [e] = await pastChatsFor(settings(), start('Where should we stay in Lisbon next month?'));
    expect(e?.chatId).toBe('chatgpt:lisbon');
    expect(e!.title).toBe('Lisbon trip');
    expect(e!.site).toBe('chatgpt');
    expect(e!.date).toMatch(/^\d{4}-\d\d-\d\d/);
    expect(e!.text.length).toBeLessThanOrEqual(EXCERPT_CHARS);
    // The user's turn, then the start of the answer, cut.
    expect(e!.text).toMatch(/^User: I am planning a week in Lisbon/);
    expect(e!.text).toContain('\nAssistant: For a week in Lisbon');
    expect(e!.text.endsWith('…')).toBe(true);
  });

  it('gives nothing while the site switch is off, and nothing for an unrelated request', async () => {
    expect(await ids('Where should we stay in Lisbon?', settings('off'))).toEqual([]);
    expect(await ids('Write a haiku about the quiet harbour at dawn')).toEqual([]);
    expect(await ids('Explain quantum entanglement to a ten year old')).toEqual([]);
    // Shares a word with two chats ("week"), but nothing the request is about.
    expect(await ids('Which week works best for a dentist appointment?')).toEqual([]);
  });

  it("takes only this site's chats unless any site's are allowed", async () => {
    const draft = 'grilled sardines restaurants in Alfama, Lisbon';
    expect(await ids(draft)).not.toContain('claude:lisbon-claude');
    expect(await ids(draft, settings('any-site'))).toContain('claude:lisbon-claude');
  });

  it('never takes a chat the user asked not to remember, even before the index catches up', async () => {
    await excludeChat('chatgpt', 'lisbon', 'https://chatgpt.test/c/lisbon');
    expect(await ids('Where should we stay in Lisbon?')).toEqual([]);
    await keepHistoryIndexed();
    expect(await ids('Where should we stay in Lisbon?')).toEqual([]);
  });

  it('never takes a chat marked "don\'t remember" by a writer the index has not caught up with', async () => {
    // A restore, or a record arriving by sync, can change a chat's state before the index runs.
    await db.chats.update('chatgpt:lisbon', { state: 'excluded' });
    expect(await ids('Where should we stay in Lisbon?')).toEqual([]);
    await db.chats.update('chatgpt:sourdough', { state: 'excluded' });
    expect(await ids('Where did we leave off?')).toEqual([]);
  });

  it('never takes a chat of a site the user stopped learning from', async () => {
    const s = settings('any-site');
    s.sites.claude.learn = false;
    expect(await ids('grilled sardines restaurants in Alfama, Lisbon', s)).not.toContain('claude:lisbon-claude');
  });

  it('never takes the chat being written, by id or by address', async () => {
    expect(await ids('Where should we stay in Lisbon?', settings(), { conversationId: 'lisbon' })).toEqual([]);
    expect(await ids('Where should we stay in Lisbon?', settings(), { url: 'https://chatgpt.test/c/lisbon' })).toEqual(
      [],
    );
  });

  it('leaves out a chat the user removed in the preview', async () => {
    expect(await ids('Where should we stay in Lisbon?', settings(), { skip: ['chatgpt:lisbon'] })).toEqual([]);
  });

  it("keeps to the current chat's space: never another space's chat, nothing outside an isolated one", async () => {
    const work = await createSpace({ name: 'Work' });
    const home = await createSpace({ name: 'Home' });
    await db.chats.update('chatgpt:lisbon', { space: home.id });
    const draft = 'Where should we stay in Lisbon?';
    // The chat being written has no record yet: no space, so a chat in Home is out of reach.
    expect(await ids(draft)).toEqual([]);
    await capture('chatgpt', 'now-work', 'New', [['user', 'hello']]);
    await db.chats.update('chatgpt:now-work', { space: work.id });
    expect(await ids(draft, settings(), { conversationId: 'now-work' })).toEqual([]);
    await capture('chatgpt', 'now-home', 'New', [['user', 'hello']]);
    await db.chats.update('chatgpt:now-home', { space: home.id });
    expect(await ids(draft, settings(), { conversationId: 'now-home' })).toEqual(['chatgpt:lisbon']);
    // A chat of no space reaches a chat in an open space, but not one in an isolated space.
    const bread = 'How often should I feed my sourdough starter?';
    expect(await ids(bread, settings(), { conversationId: 'now-home' })).toEqual(['chatgpt:sourdough']);
    await updateSpace(home.id, { isolated: true });
    expect(await ids(bread, settings(), { conversationId: 'now-home' })).toEqual([]);
  });

  it('applies privacy patterns to the excerpt', async () => {
    await capture('chatgpt', 'secret', 'Server', [
      ['user', 'The staging server door code is Zebra-7741; can you check the nginx config?'],
      ['assistant', 'The nginx config looks fine.'],
    ]);
    await keepHistoryIndexed();
    const s = settings();
    s.privacyPatterns = [{ label: 'door code', pattern: 'Zebra-\\d+' }];
    const [e] = await pastChatsFor(s, start('the nginx config of my staging server'));
    expect(e?.chatId).toBe('chatgpt:secret');
    expect(e!.text).not.toContain('Zebra-7741');
    expect(e!.text).toContain('[redacted: door code]');
  });

  it('lets request keywords find a chat the draft names in another language', async () => {
    const draft = '我们在里斯本住哪里好？';
    expect(await ids(draft)).toEqual([]);
    const found = await ids(draft, settings(), { requestKeywords: ['Lisbon', 'neighbourhood', 'stay'] });
    expect(found).toEqual(['chatgpt:lisbon']);
  });

  it('takes the most recent chat of this site (and space) for "where did we leave off?"', async () => {
    for (const draft of ['Where did we leave off?', '继续上次的', 'ok, let’s continue']) {
      const got = await pastChatsFor(settings(), start(draft));
      expect(got.map((e) => [e.chatId, e.why])).toEqual([['chatgpt:sourdough', 'continuation']]);
    }
    expect(await ids('继续上次的', settings(), { site: 'claude' })).toEqual([]);
    const s = settings();
    s.sites.claude.pastChats = 'this-site';
    expect(await ids('继续上次的', s, { site: 'claude' })).toEqual(['claude:lisbon-claude']);
  });

  it('desktop tools: any site, same exclusions, spaces by their ticks', async () => {
    const s = settings('off');
    const found = await pastChatsForTools(s, 'Lisbon in May', 5, await toolReach(s));
    expect(found.map((e) => e.chatId).sort()).toEqual(['chatgpt:lisbon', 'claude:lisbon-claude']);
    const secret = await createSpace({ name: 'Clients', isolated: true });
    await db.chats.update('claude:lisbon-claude', { space: secret.id });
    expect((await pastChatsForTools(s, 'Lisbon in May', 5, await toolReach(s))).map((e) => e.chatId)).toEqual([
      'chatgpt:lisbon',
    ]);
    s.desktopTools.spaces = { [secret.id]: true };
    expect((await pastChatsForTools(s, 'Lisbon in May', 5, await toolReach(s))).length).toBe(2);
    s.sites.claude.learn = false;
    expect((await pastChatsForTools(s, 'Lisbon in May', 5, await toolReach(s))).map((e) => e.chatId)).toEqual([
      'chatgpt:lisbon',
    ]);
  });

  it('puts excerpts in their own marked part of the block, within half the budget', async () => {
    const excerpts = await pastChatsFor(settings(), start('Where should we stay in Lisbon next month?'));
    const index = new MemoryIndex();
    const opts = { site: 'chatgpt' as const, now: Date.now(), mark: 'abcd1234', excerpts };
    const big = selectForInjection(index, 'Where should we stay in Lisbon?', {
      ...opts,
      budgetTokens: 1200,
      privacyPatterns: [],
    });
    expect(big.excerpts.map((e) => e.chatId)).toEqual(['chatgpt:lisbon']);
    expect(big.block).toContain(EXCERPTS_HEADER);
    expect(big.block).toMatch(/- \(past chat · chatgpt · \d{4}-\d\d-\d\d · “Lisbon trip”\) User: I am planning/);
    expect(big.block!.trim().endsWith('[/claude-mem]')).toBe(true);
    const small = selectForInjection(index, 'Where should we stay in Lisbon?', {
      ...opts,
      budgetTokens: 150,
      privacyPatterns: [],
    });
    expect(small.excerpts).toEqual([]);
    expect(small.block).toBeNull();
  });
});

describe('how often a chat was used', () => {
  beforeEach(seed);

  it('Chats shows the count of sent messages that carried its excerpt', async () => {
    await countPastChatUses(['chatgpt:lisbon']);
    await countPastChatUses(['chatgpt:lisbon', 'chatgpt:sourdough']);
    const { items } = await listHistory({ offset: 0, limit: 10 });
    const used = Object.fromEntries(items.map((i) => [i.chatId, i.usedAsContext ?? 0]));
    expect(used).toEqual({ 'chatgpt:lisbon': 2, 'chatgpt:sourdough': 1, 'claude:lisbon-claude': 0 });
  });
});

describe('continuation requests', () => {
  it('are bare when only the cue and words about the conversation are left', () => {
    for (const d of [
      'Where did we leave off?',
      'where were we',
      "Let's continue.",
      '继续上次的',
      '我们上次说到哪了？',
      '接着聊',
    ]) {
      expect(isBareContinuation(d), d).toBe(true);
    }
  });

  it('are not bare when they name a subject, or are no continuation at all', () => {
    for (const d of ['Continue the visa application plan', '继续上次的签证材料', 'What is a sourdough starter?', '']) {
      expect(isBareContinuation(d), d).toBe(false);
    }
  });
});
