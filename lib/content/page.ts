/**
 * One chat tab: wires capture, injection, health and the on-page controls to the page's
 * changes. Page changes come from a MutationObserver and from WXT's location watcher; the
 * page's history functions are never patched.
 */
import type { ContentScriptContext } from '#imports';
import type { ChatSiteAdapter } from '../adapters/types';
import { createCapture } from './capture';
import { createControls } from './controls';
import { createHealth } from './health';
import { createInjector } from './injector';
import { call } from './rpc';
import { loadStatus, type PageState, refreshConfig, setExcluded } from './state';

const TICK_MS = 250;
/** An excluded chat asks again this often: the side panel (or another tab) may turn it back on. */
const EXCLUDED_RECHECK_MS = 3000;

export function startChatPage(ctx: ContentScriptContext, adapter: ChatSiteAdapter): void {
  const state: PageState = {
    adapter,
    ctx,
    conversationId: adapter.conversationId(new URL(location.href)),
    excluded: false,
    pendingExclude: false,
    config: { enabled: true, mode: 'auto' },
    changed: () => controls.update(),
  };
  const controls = createControls(state, {
    toggleExcluded: () => void setExcluded(state, !state.excluded),
    insert: () => void injector.insertByHand(),
  });
  const injector = createInjector(state, controls);
  const capture = createCapture(state);
  const health = createHealth(state);

  function followUrl(url: URL): void {
    const next = adapter.conversationId(url);
    const prev = state.conversationId;
    if (next === prev) return;
    state.conversationId = next;
    // Leaving a conversation finishes it; a new chat getting its first id is the same chat.
    if (prev) void call('chat.left', { conversationId: prev }, 3000);
    injector.conversationChanged(prev === null);
    capture.reset();
    if (next && state.pendingExclude) {
      state.pendingExclude = false;
      void setExcluded(state, true);
    } else {
      if (prev) state.pendingExclude = false;
      state.excluded = state.pendingExclude;
      void loadStatus(state);
    }
    void refreshConfig(state);
    state.changed();
  }

  let checkedAt = 0;
  const recheckExcluded = () => {
    if (!state.excluded || !state.conversationId || performance.now() - checkedAt < EXCLUDED_RECHECK_MS) return;
    checkedAt = performance.now();
    void loadStatus(state);
  };

  const tick = throttle(ctx, TICK_MS, () => {
    followUrl(new URL(location.href));
    recheckExcluded();
    capture.tick();
    health.tick();
    injector.tick();
    controls.place();
  });

  injector.start();
  void refreshConfig(state, true);
  void loadStatus(state);
  ctx.addEventListener(window, 'wxt:locationchange', (e) => {
    followUrl(e.newUrl);
    tick();
  });
  ctx.addEventListener(window, 'focusin', () => void refreshConfig(state), { capture: true });
  ctx.addEventListener(window, 'resize', tick);
  ctx.onInvalidated(() => controls.remove());
  whenReady(() => {
    const observer = new MutationObserver(tick);
    observer.observe(document.documentElement, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
    });
    ctx.onInvalidated(() => observer.disconnect());
    controls.update();
    tick();
  });
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
