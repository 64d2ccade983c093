/**
 * Injection on a chat page. `auto`: the first message of a new conversation (Enter or the
 * send button) is held, the prepared block is put in front of the user's text, and the same
 * gesture is replayed once (hold.ts); with no block in time the original goes out untouched,
 * and a block that was not ready goes with the conversation's next message instead, the
 * background recording the miss (page-block.ts, record.ts). `manual`: a button or Alt+Shift+M
 * inserts the block without sending. `off`: nothing. This file decides which of these a
 * gesture gets; listeners.ts hears only the user's own (trusted) input, follow-up.ts tells the
 * background what was sent.
 */
import { hasInjectedBlock } from '../ranking/block';
import { noticeSend, reportSend } from './follow-up';
import { sendWithBlock, swallow, type Trigger } from './hold';
import { listen } from './listeners';
import { createPageBlock } from './page-block';
import { applyBlock, createPreparer, type Prepared } from './prepare';
import { projectOfPage } from './project';
import { createRecorder } from './record';
import { call } from './rpc';
import { type PageState, showsTurns } from './state';
import type { PageString } from './strings';
import { createTypedText } from './typed-text';
import { createWaker } from './wake';

const PREPARE_DEBOUNCE_MS = 200;
const MANUAL_WAIT_MS = 3000;

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
  private readonly recorder;
  private readonly block;
  /** A message is being held: a second press would send it twice. */
  private busy = false;
  /** A first message sent before the page knew the site's switches: judged when they arrive. */
  private unjudged: string | null = null;
  private readonly waker = createWaker();
  private debounce: number | undefined;

  constructor(
    private readonly state: PageState,
    private readonly ui: InjectorUi,
  ) {
    this.typed = createTypedText(state.adapter);
    this.recorder = createRecorder(state);
    this.block = createPageBlock(this.recorder);
  }

  /**
   * The block that missed the first message and waits for the next (page-block.ts); setting it
   * puts the page in that state directly.
   */
  private get late(): Promise<Prepared | null> | null {
    return this.block.late;
  }

  private set late(request: Promise<Prepared | null> | null) {
    this.block.late = request;
  }

  start(): void {
    listen(this.state, this.typed, {
      typed: (composer) => this.typedIn(composer),
      focused: () => {
        if (this.state.config.inject !== 'off' && !this.block.sent) this.waker.wake();
      },
      shortcut: () => void this.insertByHand(),
      send: (e, trigger) => this.intercept(e, trigger),
      holds: (composer) => this.wantsAuto(this.state.adapter.readComposer(composer)),
    });
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
    this.block.reset();
    this.unjudged = null;
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
    if (reach) this.block.dropLate();
    const { adapter, config } = this.state;
    const composer = adapter.composer(document);
    if (!composer || config.inject !== 'auto' || this.block.sent || this.late) return;
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
    this.recorder.flush();
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
      if (outcome === 'inserted') this.block.insertedByHand(prepared.token);
      this.ui.notify(outcome === 'inserted' ? 'inserted' : 'notInserted');
    } finally {
      this.busy = false;
    }
  }

  /** The first message of a new conversation, or the next one after the block missed the first. */
  private wantsAuto(draft: string): boolean {
    return this.state.config.inject === 'auto' && this.mayCarry(draft);
  }

  /** Whatever the site's switches say: a message that would carry the block in auto mode. */
  private mayCarry(draft: string): boolean {
    const { adapter } = this.state;
    if (this.block.sent) return false;
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
    if (!draft || this.state.config.inject !== 'auto' || this.block.sent || this.late) return;
    this.block.missed(this.preparer.forDraft(draft));
  }

  /** The user's words changed: the block is chosen ahead, once the typing pauses. */
  private typedIn(composer: HTMLElement): void {
    const { config, ctx, adapter } = this.state;
    if (config.inject === 'off' || this.block.sent || this.late) return;
    this.waker.wake(); // a worker that fell asleep since the page opened starts while the user types
    clearTimeout(this.debounce);
    this.debounce = ctx.setTimeout(() => {
      // Chosen ahead in the background (manual mode too: its preview and insertion use the
      // draft's keywords); nothing is handed to the page until the message goes.
      if (this.mayCarry(adapter.readComposer(composer))) this.preparer.warm(this.typed.text(composer), this.learning());
    }, PREPARE_DEBOUNCE_MS);
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
    reportSend(this.state, query, this.learning());
    if (!this.wantsAuto(draft)) {
      noticeSend(this.state, this.block, draft, query, this.learning());
      return;
    }
    // Nothing the user typed to rank for (a box the page filled): the message goes untouched.
    if (query === '' && this.late === null) {
      noticeSend(this.state, this.block, draft, query, this.learning());
      return;
    }
    swallow(e);
    this.busy = true;
    const holder = {
      state: this.state,
      preparer: this.preparer,
      block: this.block,
      notify: (key: PageString) => this.ui.notify(key),
    };
    void sendWithBlock(holder, trigger, draft, query).finally(() => {
      this.busy = false;
    });
  }
}
