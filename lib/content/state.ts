/**
 * What one chat tab knows about itself; shared by the capture, injection, controls and
 * health parts of the content script.
 */
import type { ContentScriptContext } from '#imports';
import type { ChatSiteAdapter } from '../adapters/types';
import { type Lang, resolveLanguage } from '../i18n/language';
import type { SiteMode } from '../settings/schema';
import type { ReadTurn } from './page-turns';
import { call } from './rpc';

export interface PageState {
  readonly adapter: ChatSiteAdapter;
  readonly ctx: ContentScriptContext;
  /** The conversation the URL names; null on a new chat before its first exchange. */
  conversationId: string | null;
  /** "Don't remember this chat" is on for the current conversation. */
  excluded: boolean;
  /**
   * Counts every setting of `excluded` made here (the user's switch, another conversation
   * opened): a reply to a request sent before the latest setting is stale and must not undo it.
   */
  exclusionSet: number;
  /** The switch was turned on before the conversation had an id. */
  pendingExclude: boolean;
  /** A message was sent from this new-chat page: the next conversation id is this chat's. */
  sentOnNewChat: boolean;
  /**
   * The site's two switches: learning from its chats (off: the page is not read at all) and
   * adding memories here. Both off until the background has answered.
   */
  config: SiteSwitches;
  /** The background has answered with the switches at least once (`config` is theirs, not a guess). */
  configKnown: boolean;
  /** The conversation's turns as the page shows them, read incrementally (page-turns.ts). */
  readonly turns: { read(marks: readonly string[]): readonly ReadTurn[] };
  /** The mark this install writes in its blocks: only blocks carrying it are ours. */
  marks: string[];
  /** The language the side panel speaks; the page's controls follow it. */
  lang: Lang;
  /** Called when the switches arrive or change: parts start or stop reading the page. */
  configured(): void;
  /** Called after any change the on-page controls show. */
  changed(): void;
}

export interface SiteSwitches {
  learn: boolean;
  inject: SiteMode;
}

export const SWITCHES_UNKNOWN: SiteSwitches = { learn: false, inject: 'off' };

let configAt = 0;

/** The site's switches from the background, at most every few seconds (focus, navigation). */
export async function refreshConfig(state: PageState, force = false): Promise<void> {
  if (!force && performance.now() - configAt < 3000) return;
  configAt = performance.now();
  const reply = await call('site.config', {}, 2000);
  if (!reply) return;
  const next = { learn: reply.learn, inject: reply.inject };
  state.marks = [reply.mark];
  state.configKnown = true;
  const lang = resolveLanguage(reply.language);
  if (lang !== state.lang) {
    state.lang = lang;
    state.changed();
  }
  if (next.learn === state.config.learn && next.inject === state.config.inject) return;
  state.config = next;
  state.configured();
  state.changed();
}

/** Whether the page shows any turn, found by the adapter's selectors without reading a word. */
export function showsTurns(state: PageState): boolean {
  const shown = state.adapter.health(document);
  return shown.userTurn !== null || shown.assistantTurn !== null;
}

/** The switch set here, by the user or by opening another conversation. */
function setHere(state: PageState, excluded: boolean): void {
  state.exclusionSet++;
  state.excluded = excluded;
  state.changed();
}

/**
 * What the background said about exclusion in reply to a request sent when `exclusionSet` was
 * `asked`; ignored when the switch was set here since (the user's choice is newer than the reply).
 */
export function heardExcluded(state: PageState, asked: number, excluded: boolean): void {
  if (state.exclusionSet !== asked || state.excluded === excluded) return;
  state.excluded = excluded;
  state.changed();
}

/** Another conversation is shown: remembered until the background says otherwise. */
export function resetExcluded(state: PageState): void {
  state.pendingExclude = false;
  setHere(state, false);
}

export async function setExcluded(state: PageState, excluded: boolean): Promise<void> {
  const id = state.conversationId;
  // Optimistic, so a capture racing this request is already held back.
  setHere(state, excluded);
  if (!id) {
    state.pendingExclude = excluded;
    return;
  }
  const asked = state.exclusionSet;
  const reply = await call(
    excluded ? 'chat.exclude' : 'chat.include',
    { conversationId: id, url: location.href },
    3000,
  );
  if (state.conversationId !== id) return;
  // No answer: the switch must not claim what the background may not have done.
  if (!reply) return loadStatus(state);
  heardExcluded(state, asked, reply.excluded);
}

/** Whether the conversation the page shows is excluded (it may have been, in another tab). */
export async function loadStatus(state: PageState): Promise<void> {
  const id = state.conversationId;
  if (!id) return;
  const asked = state.exclusionSet;
  const reply = await call('chat.status', { conversationId: id }, 3000);
  if (!reply || state.conversationId !== id) return;
  heardExcluded(state, asked, reply.excluded);
}
