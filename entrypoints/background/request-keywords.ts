/**
 * Request keywords while the user types. The page only says "the user paused on this
 * draft" (inject.prepare `warm`); this module waits for a longer pause, then asks the model that
 * extraction uses for the draft's search keywords, once per conversation start and again only
 * when the draft changed substantially. The same call judges the ranker's best memories and
 * past-chat exchanges for the draft (block/candidates.ts), when its own switch is on, and names
 * those that help. The answer is kept for the tab and makes the block at the send if it arrived
 * by then; the send never waits for it, and a block already handed to the page is never changed
 * by a later answer.
 *
 * Asked only when: the switch in Settings is on, the site learns, the chat is not excluded (the
 * page's own switch for a chat without an id yet, the store's for one with an id), a provider is
 * connected, the daily cap and the site's share of it have room. The draft goes out through the
 * privacy filter, as a transcript does, and so does every candidate (lib/privacy/leaving.ts).
 * Each call is counted as usage and listed in Activity.
 */
import { adapterForUrl } from '../../lib/adapters';
import { isExcluded } from '../../lib/db/chats';
import { loadApiKey, loadSettings } from '../../lib/db/settings-store';
import { spend } from '../../lib/db/site-bounds';
import { usageOfDay } from '../../lib/db/usage';
import { chatIdOf } from '../../lib/memory/new-chat';
import type { ProjectKey } from '../../lib/memory/spaces';
import { leavingText } from '../../lib/privacy/leaving';
import { needsKey } from '../../lib/provider/presets';
import type { JudgedPicks } from '../../lib/request-keywords/judge-answer';
import { type JudgeCandidates, NO_CANDIDATES } from '../../lib/request-keywords/judge-candidates';
import { estimateJudged } from '../../lib/request-keywords/judge-prompt';
import {
  answerFits,
  changedSubstantially,
  createAnswerCache,
  enoughWords,
} from '../../lib/request-keywords/request-keywords-draft';
import type { Settings } from '../../lib/settings/schema';
import { siteTokenLimits } from '../../lib/sites/bounds';
import type { SiteId } from '../../lib/sites/ids';
import { now, utcDay } from '../../lib/time';
import { candidatesFor } from './block/candidates';
import { askModel } from './request-keywords-ask';

/** After the page's own typing pause (~200 ms): the call goes ~800 ms after the last keystroke. */
const IDLE_MS = 600;
/** A draft rewritten again and again is not asked about without end. */
const MAX_CALLS_PER_START = 3;

export type AskOutcome =
  | 'asked'
  | 'cached'
  | 'switched-off'
  | 'few-words'
  | 'excluded'
  | 'not-learning'
  | 'no-provider'
  | 'unchanged'
  | 'limit'
  | 'cap'
  | 'site-share'
  | 'failed';

/** What an answer brought: keywords, the model's picks (null: none judged), and a stamp of its own. */
interface Answer {
  draft: string;
  keywords: readonly string[];
  picks: JudgedPicks | null;
}

interface TabAsk {
  site: SiteId;
  url: string;
  typed: string;
  project: ProjectKey | null | undefined;
  /** The page's switch: false when the user asked not to remember this chat. */
  learn: boolean;
  timer?: ReturnType<typeof setTimeout>;
  /** Redacted drafts asked about in this conversation start, newest last. */
  asked: string[];
  answer: (Answer & { stamp: string }) | null;
}

const tabs = new Map<number, TabAsk>();
const cache = createAnswerCache<Answer>();

function tabFor(tabId: number, site: SiteId, url: string): TabAsk {
  const known = tabs.get(tabId);
  if (known && known.url === url && known.site === site) return known;
  // Another page or conversation in this tab: a new start.
  if (known?.timer) clearTimeout(known.timer);
  const fresh: TabAsk = { site, url, typed: '', project: null, learn: false, asked: [], answer: null };
  tabs.set(tabId, fresh);
  return fresh;
}

/** The page paused on `draft`: ask once the user has paused a little longer. */
export function draftPaused(input: {
  tabId: number;
  site: SiteId;
  url: string;
  draft: string;
  learn: boolean;
  /** The page's project, for the chat's space (chat-space.ts): which memories may be judged. */
  project?: ProjectKey | null;
}): void {
  const tab = tabFor(input.tabId, input.site, input.url);
  tab.typed = input.draft;
  tab.learn = input.learn;
  tab.project = input.project;
  if (tab.timer) clearTimeout(tab.timer);
  tab.timer = setTimeout(() => {
    tab.timer = undefined;
    void askNow(input.tabId).catch(() => {});
  }, IDLE_MS);
}

export interface Judgment {
  keywords: string[];
  picks: JudgedPicks | null;
  /** Which answer this is ('' for none): a block chosen ahead with another one is not reused. */
  stamp: string;
}

const NO_JUDGMENT: Judgment = { keywords: [], picks: null, stamp: '' };

/** What may make the block of `draft` in this tab: an answer for a draft it still mostly holds. */
export function judgmentFor(tabId: number, site: SiteId, url: string, draft: string, settings: Settings): Judgment {
  const tab = tabs.get(tabId);
  const answer = tab?.answer;
  if (!answer || tab.url !== url || tab.site !== site) return NO_JUDGMENT;
  if (answer.keywords.length === 0 && answer.picks === null) return NO_JUDGMENT;
  const sent = leavingText(draft, settings.privacyPatterns).text;
  if (!answerFits(answer.draft, sent)) return NO_JUDGMENT;
  // Judging switched off since: the picks of an earlier answer no longer make the block.
  const picks = settings.judgeCandidates ? answer.picks : null;
  return { keywords: [...answer.keywords], picks, stamp: `${answer.stamp}|${picks ? 'judged' : 'keywords'}` };
}

/** Forget a tab (closed): nothing of its drafts stays in the worker. */
export function forgetTab(tabId: number): void {
  const tab = tabs.get(tabId);
  if (tab?.timer) clearTimeout(tab.timer);
  tabs.delete(tabId);
}

async function excluded(tab: TabAsk): Promise<boolean> {
  if (!tab.learn) return true;
  const adapter = adapterForUrl(tab.url);
  const conversationId = adapter?.conversationId(new URL(tab.url)) ?? null;
  return conversationId !== null && (await isExcluded(chatIdOf(tab.site, conversationId)));
}

/** Whether the cap and the site's share of it have room for about `tokens` more. */
async function withinCap(site: SiteId, cap: number, tokens: number): Promise<'cap' | 'site-share' | null> {
  if (cap > 0) {
    const today = await usageOfDay(utcDay());
    if (today.inputTokens + today.outputTokens + tokens > cap) return 'cap';
  }
  const hit = await spend(site, { tokens }, now(), 'check', siteTokenLimits(cap));
  return hit ? 'site-share' : null;
}

/** Asks now about the tab's last paused draft, if every rule allows it. */
export async function askNow(tabId: number): Promise<AskOutcome> {
  const tab = tabs.get(tabId);
  if (!tab) return 'few-words';
  const typed = tab.typed;
  const settings = await loadSettings();
  if (!settings.requestKeywords) return 'switched-off';
  if (!settings.sites[tab.site].learn) return 'not-learning';
  if (await excluded(tab)) return 'excluded';
  if (!enoughWords(typed)) return 'few-words';
  const redaction = leavingText(typed, settings.privacyPatterns);
  const draft = redaction.text;
  const cached = cache.get(draft);
  if (cached) {
    settle(tabId, tab, cached);
    return 'cached';
  }
  const last = tab.asked.at(-1);
  if (last !== undefined && !changedSubstantially(last, draft)) return 'unchanged';
  if (tab.asked.length >= MAX_CALLS_PER_START) return 'limit';
  const apiKey = needsKey(settings) ? await loadApiKey(settings.baseUrl) : null;
  if (needsKey(settings) && !apiKey) return 'no-provider';
  const candidates = await judgeable(tabId, tab, typed, settings);
  const estimate = estimateJudged(draft, candidates);
  const refused = await withinCap(tab.site, settings.dailyTokenCap, estimate.inputTokens + estimate.outputTokens);
  if (refused) return refused;
  tab.asked.push(draft);
  const answer = await askModel(
    { site: tab.site, draft, redacted: redaction.hits.length, candidates },
    settings,
    apiKey,
  );
  if (!answer) return 'failed';
  const kept: Answer = { draft, ...answer };
  cache.set(draft, kept);
  settle(tabId, tab, kept);
  return 'asked';
}

/** The candidates for the draft as the block would find them now; none if that cannot be read. */
async function judgeable(tabId: number, tab: TabAsk, typed: string, settings: Settings): Promise<JudgeCandidates> {
  if (!settings.judgeCandidates) return NO_CANDIDATES;
  const earlier = judgmentFor(tabId, tab.site, tab.url, typed, settings).keywords;
  const query = { tabId, site: tab.site, url: tab.url, project: tab.project, draft: typed, keywords: earlier };
  // A store that cannot be read now makes a keywords-only call, as before judging existed.
  return candidatesFor(query, settings).catch(() => NO_CANDIDATES);
}

/**
 * The answer is the tab's now: a block chosen ahead without it is chosen again at the send
 * (block/session.ts keys a warmed block by the answer it was made with, its stamp). A block
 * already handed to the page stays as it went out; only a later send of this draft uses it.
 */
function settle(tabId: number, tab: TabAsk, answer: Answer): void {
  if (tabs.get(tabId) !== tab) return;
  tab.answer = { ...answer, stamp: crypto.randomUUID() };
}
