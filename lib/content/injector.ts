/**
 * Injection on a chat page. `auto`: the first message of a new conversation (Enter or the
 * send button) is held, the prepared block is put in front of the user's text, and the same
 * gesture is replayed once; with no block within PREPARE_BUDGET_MS the original goes out
 * untouched. `manual`: a button or Alt+Shift+M inserts the block without sending. `off`:
 * nothing. The user's text is never dropped or doubled: see applyBlock.
 */
import { browser } from '#imports';
import { hasInjectedBlock } from '../memory/render';
import { isMessageType } from '../messages';
import { clickSend, isOurs, isSendKey, pressEnter } from './keys';
import { applyBlock, createPreparer, type Outcome } from './prepare';
import { call, until } from './rpc';
import type { PageState } from './state';

export const PREPARE_BUDGET_MS = 300;
const PREPARE_DEBOUNCE_MS = 200;
const MANUAL_WAIT_MS = 3000;
/** An injection is recorded with its chat id once the page has one, or without after this. */
const RECORD_WAIT_MS = 20_000;

type Trigger = { kind: 'enter'; composer: HTMLElement } | { kind: 'click'; composer: HTMLElement; button: HTMLElement };

export interface InjectorUi {
  notify(text: string): void;
}

export function createInjector(state: PageState, ui: InjectorUi) {
  const preparer = createPreparer();
  const { adapter } = state;
  let busy = false;
  let injected = false; // a block went out in this conversation
  let followedUp = false;
  let manualToken: string | null = null;
  let pending: { token: string; at: number } | null = null;
  let debounce: number | undefined;
  let woke = false;

  const composerFor = (target: EventTarget | null): HTMLElement | null => {
    const composer = adapter.composer(document);
    return composer && target instanceof Node && composer.contains(target) ? composer : null;
  };

  const wantsAuto = (draft: string): boolean =>
    state.config.enabled &&
    state.config.mode === 'auto' &&
    !injected &&
    draft.trim() !== '' &&
    !hasInjectedBlock(draft) &&
    !adapter.isGenerating(document) &&
    adapter.readTurns(document).length === 0;

  function onInput(e: Event): void {
    const composer = composerFor(e.target);
    if (!composer || !state.config.enabled || state.config.mode !== 'auto' || injected) return;
    if (!woke) {
      woke = true;
      void call('ping', {}, 2000); // start a sleeping worker while the user is still typing
    }
    clearTimeout(debounce);
    debounce = state.ctx.setTimeout(() => {
      const draft = adapter.readComposer(composer);
      if (wantsAuto(draft)) void preparer.forDraft(draft);
    }, PREPARE_DEBOUNCE_MS);
  }

  function onKeydown(e: KeyboardEvent): void {
    if (isOurs()) return;
    if (e.altKey && e.shiftKey && e.code === 'KeyM') {
      e.preventDefault();
      void insertByHand();
      return;
    }
    const composer = isSendKey(e) ? composerFor(e.target) : null;
    if (composer) intercept(e, { kind: 'enter', composer });
  }

  function onClick(e: MouseEvent): void {
    if (isOurs()) return;
    const button = adapter.sendButton(document);
    const composer = adapter.composer(document);
    if (!button || !composer || !(e.target instanceof Node) || !button.contains(e.target)) return;
    intercept(e, { kind: 'click', composer, button });
  }

  // Pressing the send button would move focus out of the editor, which then needs time to
  // settle before text can go in front of the draft: keep focus where it is.
  function onMouseDown(e: MouseEvent): void {
    const button = adapter.sendButton(document);
    const composer = adapter.composer(document);
    if (!button || !composer || !(e.target instanceof Node) || !button.contains(e.target)) return;
    if (wantsAuto(adapter.readComposer(composer))) e.preventDefault();
  }

  function intercept(e: Event, trigger: Trigger): void {
    // A second press while the first is held would send the message twice.
    if (busy) {
      swallow(e);
      return;
    }
    const draft = adapter.readComposer(trigger.composer);
    if (!wantsAuto(draft)) {
      noticeSend(draft);
      return;
    }
    swallow(e);
    void sendWithBlock(trigger, draft);
  }

  async function sendWithBlock(trigger: Trigger, draft: string): Promise<void> {
    busy = true;
    const deadline = performance.now() + PREPARE_BUDGET_MS;
    try {
      const prepared = await until(preparer.forDraft(draft), deadline);
      let outcome: Outcome = 'untouched';
      if (prepared?.block && prepared.token)
        outcome = await applyBlock(adapter, trigger.composer, prepared.block, draft);
      if (outcome === 'broken') {
        ui.notify('claude-mem could not restore your message; it was not sent.');
        return;
      }
      if (outcome === 'inserted' && prepared?.token) {
        injected = true;
        pending = { token: prepared.token, at: performance.now() };
      }
      // Let the site's framework re-render (enable its button) before the replay.
      await new Promise((resolve) => setTimeout(resolve, 16));
      replay(trigger);
    } finally {
      busy = false;
    }
  }

  function replay(trigger: Trigger): void {
    if (trigger.kind === 'enter') pressEnter(adapter.composer(document) ?? trigger.composer);
    else clickSend(adapter.sendButton(document) ?? trigger.button);
  }

  async function insertByHand(): Promise<void> {
    const composer = adapter.composer(document);
    if (busy || !composer || !state.config.enabled || state.config.mode === 'off') return;
    const draft = adapter.readComposer(composer);
    if (hasInjectedBlock(draft)) return ui.notify('Memories are already in this message.');
    if (draft.trim() === '') return ui.notify('Type your message first.');
    busy = true;
    try {
      const prepared = await call('inject.prepare', { draft }, MANUAL_WAIT_MS);
      if (!prepared?.block || !prepared.token) return ui.notify('No memories for this message.');
      const outcome = await applyBlock(adapter, composer, prepared.block, draft);
      if (outcome === 'inserted') manualToken = prepared.token;
      ui.notify(outcome === 'inserted' ? 'Memories inserted.' : 'Could not insert memories here.');
    } finally {
      busy = false;
    }
  }

  /** A send we let through: it may carry a block inserted by hand, or follow an injection. */
  function noticeSend(draft: string): void {
    if (manualToken && hasInjectedBlock(draft)) {
      pending = { token: manualToken, at: performance.now() };
      manualToken = null;
      injected = true;
    } else if (injected && !followedUp && !hasInjectedBlock(draft)) {
      followedUp = true;
      followup(draft);
    }
  }

  // inject.followup belongs to the retrieval work; it is sent only once the protocol has it.
  function followup(text: string): void {
    const type = 'inject.followup';
    if (!isMessageType(type)) return;
    const chatId = state.conversationId ? `${adapter.id}:${state.conversationId}` : null;
    void Promise.resolve()
      .then(() => browser.runtime.sendMessage({ type, payload: { text: text.slice(0, 20_000), chatId } }))
      .catch(() => {});
  }

  function flushRecord(): void {
    if (!pending) return;
    const waited = performance.now() - pending.at > RECORD_WAIT_MS;
    if (!state.conversationId && !waited) return;
    const chatId = state.conversationId ? `${adapter.id}:${state.conversationId}` : null;
    void call('inject.record', { token: pending.token, chatId }, 5000);
    pending = null;
  }

  return {
    start(): void {
      const opts = { capture: true };
      state.ctx.addEventListener(window, 'keydown', onKeydown, opts);
      state.ctx.addEventListener(window, 'mousedown', onMouseDown, opts);
      state.ctx.addEventListener(window, 'click', onClick, opts);
      state.ctx.addEventListener(window, 'input', onInput, opts);
    },
    tick: flushRecord,
    insertByHand,
    /** Called when the URL names another conversation; `fromNew`: the new chat just got its id. */
    conversationChanged(fromNew: boolean): void {
      flushRecord();
      if (fromNew) return;
      injected = false;
      followedUp = false;
      manualToken = null;
      woke = false;
      preparer.clear();
    },
  };
}

function swallow(e: Event): void {
  e.preventDefault();
  e.stopImmediatePropagation();
}
