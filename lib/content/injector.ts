/**
 * Injection on a chat page. `auto`: the first message of a new conversation (Enter or the
 * send button) is held, the prepared block is put in front of the user's text, and the same
 * gesture is replayed once; with no block within PREPARE_BUDGET_MS the original goes out
 * untouched; a block that was not ready in time goes with the conversation's next message
 * instead, and the background records the miss. `manual`: a button or Alt+Shift+M inserts the
 * block without sending. `off`: nothing. The user's text is never dropped or doubled: see
 * applyBlock.
 *
 * Only the user's own input counts: every listener here ignores events that are not trusted,
 * so a page script dispatching Enter, clicks or the shortcut gets exactly what it would get
 * without the extension (and our own replayed send passes through untouched).
 */
import { hasInjectedBlock, stripInjectedBlocks } from '../ranking/block';
import { clickSend, isSendKey, pressEnter } from './keys';
import { applyBlock, createPreparer, type Outcome, type Prepared, prepareBy } from './prepare';
import { projectOfPage } from './project';
import { call } from './rpc';
import { type PageState, showsTurns } from './state';
import { statedEdit } from './stated-edit';
import type { PageString } from './strings';
import { createTypedText } from './typed-text';
import { createWaker } from './wake';

const PREPARE_BUDGET_MS = 300;
const PREPARE_DEBOUNCE_MS = 200;
const MANUAL_WAIT_MS = 3000;
/** An injection is recorded with its chat id once the page has one, or without after this. */
const RECORD_WAIT_MS = 20_000;

type Trigger = { kind: 'enter'; composer: HTMLElement } | { kind: 'click'; composer: HTMLElement; button: HTMLElement };

export interface InjectorUi {
  notify(key: PageString): void;
}

export class Injector {
  private readonly preparer = createPreparer(
    () => this.learning(),
    () => projectOfPage(this.state.adapter),
  );
  /** Only words the user's own input put in the composer are ranked (typed-text.ts). */
  private readonly typed;
  private busy = false;
  private injected = false; // a block went out in this conversation
  /** The block that missed the first message (not ready within the hold): the next one carries it. */
  private late: Promise<Prepared | null> | null = null;
  private followedUp = false;
  /** A first message sent before the page knew the site's switches: judged when they arrive. */
  private unjudged: string | null = null;
  private readonly waker = createWaker();
  private manualToken: string | null = null;
  private pending: { token: string; at: number } | null = null;
  private debounce: number | undefined;

  constructor(
    private readonly state: PageState,
    private readonly ui: InjectorUi,
  ) {
    this.typed = createTypedText(state.adapter);
  }

  start(): void {
    const { ctx } = this.state;
    const opts = { capture: true };
    ctx.addEventListener(window, 'keydown', (e) => this.onKeydown(e), opts);
    ctx.addEventListener(window, 'mousedown', (e) => this.onMouseDown(e), opts);
    ctx.addEventListener(window, 'click', (e) => this.onClick(e), opts);
    ctx.addEventListener(window, 'beforeinput', (e) => this.onBeforeInput(e), opts);
    ctx.addEventListener(window, 'paste', (e) => this.onBeforeInput(e), opts);
    ctx.addEventListener(window, 'drop', (e) => this.onBeforeInput(e), opts);
    ctx.addEventListener(window, 'input', (e) => this.onInput(e), opts);
    ctx.addEventListener(window, 'compositionend', (e) => this.onCompositionEnd(e), opts);
    ctx.addEventListener(window, 'focusin', (e) => this.onFocus(e), opts);
    // A new chat page: the worker starts loading its index while the page is still settling.
    this.waker.wake();
  }

  /**
   * The page moved to another conversation (not the new chat getting its id): start over. A
   * URL change alone gets no block: only words the user types from now on are ranked.
   */
  reset(): void {
    this.flushRecord();
    this.typed.clear();
    this.injected = false;
    this.late = null;
    this.unjudged = null;
    this.followedUp = false;
    this.manualToken = null;
    this.waker.reset();
    this.preparer.clear();
  }

  /**
   * What the prepared block was built from changed (memories, settings, this tab's switched-off
   * memories, the worker): it is dropped, and the draft being typed is prepared again at once
   * so the send does not wait for it. `reach`: the chat's space may have changed, so a block
   * that missed its message (made for the old space) is not carried by the next one: the miss
   * stays recorded as not carried.
   */
  stale(reach = false): void {
    this.preparer.clear();
    if (reach) this.late = null;
    const { adapter, config } = this.state;
    const composer = adapter.composer(document);
    if (!composer || config.inject !== 'auto' || this.injected || this.late) return;
    // Chosen again in the background; handed out only when the message goes.
    if (this.wantsAuto(adapter.readComposer(composer))) this.preparer.warm(this.typed.text(composer), this.learning());
  }

  /**
   * The user flipped "Remember this chat" (before the chat has an id too). A keyword ask the
   * background has waiting for the draft's pause follows the switch: the draft is warmed again
   * with it, so an ask not yet made is not made (one already out is not called back).
   */
  switched(): void {
    const { adapter, config } = this.state;
    const composer = adapter.composer(document);
    if (!composer || config.inject === 'off') return;
    this.preparer.warm(this.typed.text(composer), this.learning());
  }

  /** The user has not asked not to remember this chat, and the site learns. */
  private learning(): boolean {
    const { config, excluded, pendingExclude } = this.state;
    return config.learn && !excluded && !pendingExclude;
  }

  /** Records a sent injection once the conversation has an id (or has waited long enough). */
  flushRecord(): void {
    const { pending, state } = this;
    if (!pending) return;
    if (!state.conversationId && performance.now() - pending.at < RECORD_WAIT_MS) return;
    const chatId = state.conversationId ? `${state.adapter.id}:${state.conversationId}` : null;
    void call('inject.record', { token: pending.token, chatId }, 5000);
    this.pending = null;
  }

  async insertByHand(): Promise<void> {
    const { adapter, config } = this.state;
    const composer = adapter.composer(document);
    if (this.busy || !composer || config.inject === 'off') return;
    const draft = adapter.readComposer(composer);
    if (hasInjectedBlock(draft, this.state.marks)) return this.ui.notify('alreadyIn');
    const query = this.typed.text(composer);
    if (query === '') return this.ui.notify('typeFirst');
    this.busy = true;
    try {
      const prepared = await call(
        'inject.prepare',
        { draft: query, use: 'hand', learn: this.learning(), project: projectOfPage(adapter) },
        MANUAL_WAIT_MS,
      );
      if (!prepared?.block || !prepared.token) return this.ui.notify('noneForThis');
      const outcome = await applyBlock(adapter, composer, prepared.block, draft);
      if (outcome === 'inserted') this.manualToken = prepared.token;
      this.ui.notify(outcome === 'inserted' ? 'inserted' : 'notInserted');
    } finally {
      this.busy = false;
    }
  }

  private composerFor(target: EventTarget | null): HTMLElement | null {
    const composer = this.state.adapter.composer(document);
    return composer && target instanceof Node && composer.contains(target) ? composer : null;
  }

  private sendButtonFor(target: EventTarget | null): HTMLElement | null {
    const button = this.state.adapter.sendButton(document);
    return button && target instanceof Node && button.contains(target) ? button : null;
  }

  /** The first message of a new conversation, or the next one after the block missed the first. */
  private wantsAuto(draft: string): boolean {
    return this.state.config.inject === 'auto' && this.mayCarry(draft);
  }

  /** Whatever the site's switches say: a message that would carry the block in auto mode. */
  private mayCarry(draft: string): boolean {
    const { adapter } = this.state;
    if (this.injected) return false;
    if (draft.trim() === '' || hasInjectedBlock(draft, this.state.marks) || adapter.isGenerating(document))
      return false;
    return this.late !== null || !showsTurns(this.state);
  }

  /**
   * The site's switches arrived (or changed). A first message that went out before the page
   * knew them (a worker still waking) is untouched; in auto mode it missed its block, which the
   * conversation's next message carries, as for a block not ready within the hold.
   */
  configured(): void {
    const draft = this.unjudged;
    this.unjudged = null;
    if (!draft || this.state.config.inject !== 'auto' || this.injected || this.late) return;
    this.missed(this.preparer.forDraft(draft));
  }

  private onBeforeInput(e: Event): void {
    if (!e.isTrusted) return;
    const composer = this.composerFor(e.target);
    if (composer) this.typed.beforeEdit(composer, statedEdit(e, composer));
  }

  private onCompositionEnd(e: Event): void {
    if (!e.isTrusted) return;
    const composer = this.composerFor(e.target);
    if (composer) this.typed.compositionEnd(composer);
  }

  private onInput(e: Event): void {
    if (!e.isTrusted) return;
    const composer = this.composerFor(e.target);
    if (composer) this.typed.afterEdit(composer);
    const { config, ctx, adapter } = this.state;
    if (!composer || config.inject === 'off' || this.injected || this.late) return;
    this.waker.wake(); // a worker that fell asleep since the page opened starts while the user types
    clearTimeout(this.debounce);
    this.debounce = ctx.setTimeout(() => {
      // Chosen ahead in the background (manual mode too: its preview and insertion use the
      // draft's keywords); nothing is handed to the page until the message goes.
      if (this.mayCarry(adapter.readComposer(composer))) this.preparer.warm(this.typed.text(composer), this.learning());
    }, PREPARE_DEBOUNCE_MS);
  }

  private onFocus(e: FocusEvent): void {
    if (!e.isTrusted) return;
    const { config } = this.state;
    if (this.composerFor(e.target) && config.inject !== 'off' && !this.injected) this.waker.wake();
  }

  private onKeydown(e: KeyboardEvent): void {
    if (!e.isTrusted) return;
    if (e.altKey && e.shiftKey && e.code === 'KeyM') {
      e.preventDefault();
      void this.insertByHand();
      return;
    }
    const composer = isSendKey(e) ? this.composerFor(e.target) : null;
    if (composer) this.intercept(e, { kind: 'enter', composer });
  }

  // Pressing the send button would move focus out of the editor, which then needs time to
  // settle before text can go in front of the draft: keep focus where it is.
  private onMouseDown(e: MouseEvent): void {
    if (!e.isTrusted) return;
    const composer = this.state.adapter.composer(document);
    if (!composer || !this.sendButtonFor(e.target)) return;
    if (this.wantsAuto(this.state.adapter.readComposer(composer))) e.preventDefault();
  }

  private onClick(e: MouseEvent): void {
    if (!e.isTrusted) return;
    const button = this.sendButtonFor(e.target);
    const composer = this.state.adapter.composer(document);
    if (button && composer) this.intercept(e, { kind: 'click', composer, button });
  }

  private intercept(e: Event, trigger: Trigger): void {
    // A second press while the first is held would send the message twice.
    if (this.busy) {
      swallow(e);
      return;
    }
    const draft = this.state.adapter.readComposer(trigger.composer);
    this.state.sentOnNewChat ||= this.state.conversationId === null;
    // Not held: without the switches the page cannot tell auto from off, and off means untouched.
    if (!this.state.configKnown && this.unjudged === null && this.mayCarry(draft))
      this.unjudged = this.typed.text(trigger.composer);
    const query = this.typed.text(trigger.composer);
    this.reportSend(query);
    if (!this.wantsAuto(draft)) {
      this.noticeSend(draft, query);
      return;
    }
    // Nothing the user typed to rank for (a box the page filled): the message goes untouched.
    if (query === '' && this.late === null) {
      this.noticeSend(draft, query);
      return;
    }
    swallow(e);
    void this.sendWithBlock(trigger, draft, query);
  }

  private async sendWithBlock(trigger: Trigger, draft: string, query: string): Promise<void> {
    this.busy = true;
    const deadline = performance.now() + PREPARE_BUDGET_MS;
    try {
      const { prepared, late } = await prepareBy(this.preparer, query, deadline, this.late);
      if (late && late !== this.late) this.missed(late);
      let outcome: Outcome = 'untouched';
      if (prepared?.block && prepared.token) {
        outcome = await applyBlock(this.state.adapter, trigger.composer, prepared.block, draft);
      }
      if (outcome === 'broken') {
        this.ui.notify('notSent');
        return;
      }
      if (outcome === 'inserted' && prepared?.token) {
        this.injected = true;
        this.late = null;
        this.pending = { token: prepared.token, at: performance.now() };
      }
      // Let the site's framework re-render (enable its button) before the replay.
      await new Promise((resolve) => setTimeout(resolve, 16));
      this.replay(trigger);
    } finally {
      this.busy = false;
    }
  }

  /**
   * The block was not ready within the hold and the message went without it. If a block does
   * come, the background records the miss, and the conversation's next message carries it.
   */
  private missed(request: Promise<Prepared | null>): void {
    this.late = request;
    void request.then((prepared) => {
      if (this.late !== request) return;
      if (prepared?.block && prepared.token) void call('inject.missed', { token: prepared.token }, 5000);
      else this.late = null;
    });
  }

  private replay(trigger: Trigger): void {
    const { adapter } = this.state;
    if (trigger.kind === 'enter') pressEnter(adapter.composer(document) ?? trigger.composer);
    else clickSend(adapter.sendButton(document) ?? trigger.button);
  }

  /**
   * The user really sent this (a trusted Enter or click reached here): the background keeps it
   * for this tab, so the captured user turn with this text counts as typed here. Only what the
   * user typed or pasted counts (`typed`): text a page put in the box, and our block, are not the
   * user's. Not sent for a chat the user asked not to remember; the background drops it when the
   * site is not learning.
   */
  private reportSend(typed: string): void {
    // A chat the user asked not to remember leaves no trace of what was sent in it.
    if (!this.learning()) return;
    const text = stripInjectedBlocks(typed, this.state.marks).trim();
    if (text) void call('chat.sent', { text: text.slice(0, 100_000) }, 5000);
  }

  /**
   * A send we let through: it may carry a block inserted by hand, or follow an injection. The
   * follow-up the ranker learns corrections from is the user's own words only (`typed`).
   */
  private noticeSend(draft: string, typed: string): void {
    if (this.manualToken && hasInjectedBlock(draft, this.state.marks)) {
      this.pending = { token: this.manualToken, at: performance.now() };
      this.manualToken = null;
      this.injected = true;
    } else if (this.injected && !this.followedUp && !hasInjectedBlock(draft, this.state.marks)) {
      this.followedUp = true;
      if (typed !== '' && this.learning()) this.followup(typed);
    }
  }

  /** The message after an injection: the ranker reads corrections ("that's wrong") from it. */
  private followup(text: string): void {
    const { adapter, conversationId } = this.state;
    const chatId = conversationId ? `${adapter.id}:${conversationId}` : null;
    void call('inject.followup', { text: stripInjectedBlocks(text, this.state.marks).slice(0, 100_000), chatId }, 5000);
  }
}

function swallow(e: Event): void {
  e.preventDefault();
  e.stopImmediatePropagation();
}
