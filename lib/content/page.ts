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
import { Capture } from './capture';
import { createControls } from './controls';
import { createHealth } from './health';
import { Injector } from './injector';
import { call } from './rpc';
import { isStaleNotice } from './stale';
import { loadStatus, type PageState, refreshConfig, SWITCHES_UNKNOWN, setExcluded, showsTurns } from './state';

const TICK_MS = 250;
/** Without learning there is no observer: the controls follow the composer this often. */
const SLOW_TICK_MS = 1000;
/** An excluded chat asks again this often: the side panel (or another tab) may turn it back on. */
const EXCLUDED_RECHECK_MS = 3000;

export function startChatPage(ctx: ContentScriptContext, adapter: ChatSiteAdapter): void {
  const state: PageState = {
    adapter,
    ctx,
    conversationId: adapter.conversationId(new URL(location.href)),
    excluded: false,
    pendingExclude: false,
    sentOnNewChat: false,
    config: { ...SWITCHES_UNKNOWN },
    configKnown: false,
    marks: [],
    lang: resolveLanguage('auto'),
    changed: () => controls.update(),
    configured: () => {
      injector.configured();
      whenReady(apply);
    },
  };
  const controls = createControls(state, {
    toggleExcluded: () => void setExcluded(state, !state.excluded),
    undoExclude: () =>
      void setExcluded(state, false).then(() => {
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
  let observer: MutationObserver | null = null;
  let slow: number | undefined;

  const tick = throttle(ctx, TICK_MS, () => {
    const { learn, inject } = state.config;
    followUrl(state, new URL(location.href), parts);
    if (learn) {
      noticeNewChatStarted(state);
      if (state.excluded && state.conversationId && performance.now() - checkedAt > EXCLUDED_RECHECK_MS) {
        checkedAt = performance.now();
        void loadStatus(state);
      }
      capture.tick();
    }
    if (learn || inject !== 'off') health.tick();
    injector.flushRecord();
    controls.place();
  });

  /** Starts or stops reading the page to match the switches. */
  function apply(): void {
    const { learn, inject } = state.config;
    if (learn && !observer) {
      observer = new MutationObserver(tick);
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
    if (sender.id !== browser.runtime.id || !isStaleNotice(message)) return;
    injector.stale();
    void refreshConfig(state, true);
  };
  browser.runtime.onMessage.addListener(onMessage);
  ctx.addEventListener(window, 'wxt:locationchange', (e) => {
    followUrl(state, e.newUrl, parts);
    tick();
  });
  ctx.addEventListener(window, 'focusin', () => void refreshConfig(state), { capture: true });
  ctx.addEventListener(window, 'resize', tick);
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
    state.pendingExclude = false;
    state.excluded = false;
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

function whenReady(fn: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', fn, { once: true });
  else fn();
}
