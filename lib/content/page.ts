/**
 * One chat tab: wires capture, injection, health and the on-page controls to the page's
 * changes, as the site's two switches allow. With learning on, page changes come from a
 * MutationObserver and from WXT's location watcher; with learning off the conversation is not
 * read at all (no observer, no capture) and a slow timer only keeps the controls in place for
 * adding memories. With both off, nothing runs. The page's history functions are never patched.
 */
import { browser, type ContentScriptContext } from '#imports';
import type { ChatSiteAdapter } from '../adapters/types';
import { resolveLanguage } from '../i18n/language';
import { TabEventSchema } from '../protocol/tab-events';
import { Capture } from './capture';
import { createControls } from './controls';
import { createHealth } from './health';
import { Injector } from './injector';
import { PageTurns } from './page-turns';
import { call } from './rpc';
import {
  loadStatus,
  type PageState,
  refreshConfig,
  resetExcluded,
  SWITCHES_UNKNOWN,
  setExcluded,
  showsTurns,
} from './state';

const TICK_MS = 250;
/**
 * Page changes are looked at once the page has been still this long (a streaming answer changes
 * it every few milliseconds), or at the latest this long after the first change, in idle time.
 */
const QUIET_MS = 300;
const MAX_WAIT_MS = 2000;
/** A hidden tab is looked at no more often than this (a finished answer is still stored). */
const HIDDEN_MS = 10_000;
/** Without learning there is no observer: the controls follow the composer this often. */
const SLOW_TICK_MS = 1000;
/** An excluded chat asks again this often: the side panel (or another tab) may turn it back on. */
const EXCLUDED_RECHECK_MS = 3000;

export function startChatPage(ctx: ContentScriptContext, adapter: ChatSiteAdapter): void {
  const pageTurns = new PageTurns(adapter);
  const state: PageState = {
    adapter,
    ctx,
    conversationId: adapter.conversationId(new URL(location.href)),
    excluded: false,
    exclusionSet: 0,
    pendingExclude: false,
    sentOnNewChat: false,
    config: { ...SWITCHES_UNKNOWN },
    configKnown: false,
    marks: [],
    turns: {
      // Changes not yet delivered to the observer's callback are taken first.
      read: (marks) => {
        if (observer) pageTurns.changed(observer.takeRecords());
        return pageTurns.read(marks);
      },
    },
    lang: resolveLanguage('auto'),
    // A change of state (the chat included again, the switches) is looked at now: the page itself
    // may be still, and ticks no longer come with every change of it.
    changed: () => {
      controls.update();
      tick();
    },
    configured: () => {
      injector.configured();
      whenReady(apply);
    },
  };
  const controls = createControls(state, {
    toggleExcluded: () => {
      void setExcluded(state, !state.excluded);
      injector.switched();
    },
    undoExclude: () =>
      void setExcluded(state, false).then(() => {
        injector.switched();
        // The transcript was deleted; the page still shows every turn: send them all again.
        capture.reset();
        tick();
      }),
    insert: () => void injector.insertByHand(),
  });
  const injector = new Injector(state, controls);
  const capture = new Capture(state);
  const health = createHealth(state);
  const parts = { injector, capture };
  let checkedAt = 0;
  /** What the last tick saw of the streaming signal. */
  let streamingSeen = false;
  let observer: MutationObserver | null = null;
  let slow: number | undefined;

  const tick = throttle(ctx, TICK_MS, () => {
    const { learn, inject } = state.config;
    followUrl(state, new URL(location.href), parts);
    // Asked once per tick: while an answer streams, only the capture's wait is kept up to date.
    const streaming = (learn || inject !== 'off') && adapter.isGenerating(document);
    streamingSeen = streaming;
    if (learn) {
      noticeNewChatStarted(state);
      if (state.excluded && state.conversationId && performance.now() - checkedAt > EXCLUDED_RECHECK_MS) {
        checkedAt = performance.now();
        void loadStatus(state);
      }
      capture.tick(streaming);
    }
    if (learn || inject !== 'off') health.tick(streaming);
    injector.flushRecord();
    // The composer stays where it is while the answer streams; placing reads layout.
    if (!streaming) controls.place();
  });

  const onChange = whenStill(ctx, tick);
  // The controls follow the composer without waiting for the page to be still (a click on them
  // is refused where they are not seen), except while an answer streams: placing reads layout.
  const placeSoon = throttle(ctx, TICK_MS, () => {
    if (!streamingSeen) controls.place();
  });

  /** Starts or stops reading the page to match the switches. */
  function apply(): void {
    const { learn, inject } = state.config;
    if (learn && !observer) {
      // Changes made while nothing observed are unknown: read everything again.
      pageTurns.reset();
      observer = new MutationObserver((records) => {
        pageTurns.changed(records);
        onChange();
        placeSoon();
      });
      observer.observe(document.documentElement, {
        childList: true,
        subtree: true,
        characterData: true,
        attributes: true,
      });
      void loadStatus(state);
    } else if (!learn && observer) {
      observer.disconnect();
      observer = null;
      capture.reset();
    }
    clearInterval(slow);
    slow = !learn && inject !== 'off' ? ctx.setInterval(tick, SLOW_TICK_MS) : undefined;
    tick();
  }

  injector.start();
  void refreshConfig(state, true);
  // Only the extension can message a content script: the background saying the block is stale.
  const onMessage = (message: unknown, sender: { id?: string }) => {
    const event = sender.id === browser.runtime.id ? TabEventSchema.safeParse(message) : null;
    if (!event?.success) return;
    injector.stale(event.data.reach === true);
    void refreshConfig(state, true);
  };
  browser.runtime.onMessage.addListener(onMessage);
  ctx.addEventListener(window, 'wxt:locationchange', (e) => {
    followUrl(state, e.newUrl, parts);
    tick();
  });
  ctx.addEventListener(window, 'focusin', () => void refreshConfig(state), { capture: true });
  ctx.addEventListener(window, 'resize', tick);
  ctx.addEventListener(document, 'visibilitychange', () => {
    if (!document.hidden) tick();
  });
  ctx.onInvalidated(() => {
    browser.runtime.onMessage.removeListener(onMessage);
    observer?.disconnect();
    controls.remove();
  });
}

/**
 * A message shown on a page still at its new-chat URL means this page's chat has started, even
 * when it was sent in a way the key and click listeners do not see (voice, a site shortcut).
 */
function noticeNewChatStarted(state: PageState): void {
  if (state.conversationId !== null || state.sentOnNewChat) return;
  if (state.adapter.conversationId(new URL(location.href)) !== null) return;
  if (showsTurns(state)) state.sentOnNewChat = true;
}

/**
 * The URL names another conversation. Leaving one finishes it (when this site's chats are
 * learnt from); a new chat getting the id of its first exchange is the same chat (its switch
 * and its injection carry over).
 */
function followUrl(
  state: PageState,
  url: URL,
  parts: { injector: Injector; capture: { leave(): Promise<void> } },
): void {
  const next = state.adapter.conversationId(url);
  const prev = state.conversationId;
  if (next === prev) return;
  const sameChat = prev === null && state.sentOnNewChat;
  state.conversationId = next;
  state.sentOnNewChat = false;
  if (state.config.learn) {
    // The last answer of the chat being left is stored before that chat is finished.
    const leaving = parts.capture.leave();
    if (prev) void leaving.then(() => call('chat.left', { conversationId: prev }, 3000));
  }
  if (sameChat && state.pendingExclude) {
    state.pendingExclude = false;
    void setExcluded(state, true);
  } else {
    if (!sameChat) parts.injector.reset();
    resetExcluded(state);
    if (state.config.learn) void loadStatus(state);
  }
  void refreshConfig(state);
  state.changed();
}

/** Runs `fn` at most every `ms`, always once more after the last call. */
function throttle(ctx: ContentScriptContext, ms: number, fn: () => void): () => void {
  let last = 0;
  let timer: number | undefined;
  return () => {
    if (timer !== undefined) return;
    const wait = Math.max(0, last + ms - performance.now());
    timer = ctx.setTimeout(() => {
      timer = undefined;
      last = performance.now();
      fn();
    }, wait);
  };
}

/**
 * Runs `fn` in idle time once the page has been still for QUIET_MS, or MAX_WAIT_MS after the
 * first change at the latest; while the tab is hidden, HIDDEN_MS after the first change.
 * Each call costs a timestamp: the per-change work does not grow with the page.
 */
function whenStill(ctx: ContentScriptContext, fn: () => void): () => void {
  let first = 0;
  let last = 0;
  let timer: number | undefined;
  const fire = () => {
    const now = performance.now();
    const due = document.hidden ? first + HIDDEN_MS : Math.min(last + QUIET_MS, first + MAX_WAIT_MS);
    if (now < due) {
      timer = ctx.setTimeout(fire, due - now);
      return;
    }
    timer = undefined;
    ctx.requestIdleCallback(fn, { timeout: 500 });
  };
  return () => {
    last = performance.now();
    if (timer !== undefined) return;
    first = last;
    timer = ctx.setTimeout(fire, document.hidden ? HIDDEN_MS : QUIET_MS);
  };
}

function whenReady(fn: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', fn, { once: true });
  else fn();
}
