/**
 * Interception: the page's input events the injector listens to, in the capture phase. Only
 * the user's own input counts: every listener here ignores events that are not trusted, so a
 * page script dispatching Enter, clicks or the shortcut gets exactly what it would get without
 * the extension (and our own replayed send passes through untouched).
 */

import type { Trigger } from './hold';
import { isSendKey } from './keys';
import type { PageState } from './state';
import { statedEdit } from './stated-edit';
import type { TypedText } from './typed-text';

/** What the injector does with what the user does. */
export interface InputEvents {
  /** The user's words in the composer changed. */
  typed(composer: HTMLElement): void;
  /** The composer got focus. */
  focused(): void;
  /** Alt+Shift+M: insert the block by hand. */
  shortcut(): void;
  /** Enter in the composer, or a click on the send button. */
  send(e: Event, trigger: Trigger): void;
  /** Pressing the send button: whether its message would be held (focus then stays in the editor). */
  holds(composer: HTMLElement): boolean;
}

export function listen(state: PageState, text: TypedText, on: InputEvents): void {
  const { ctx, adapter } = state;
  const composerFor = (target: EventTarget | null): HTMLElement | null => {
    const composer = adapter.composer(document);
    return composer && target instanceof Node && composer.contains(target) ? composer : null;
  };
  const sendButtonFor = (target: EventTarget | null): HTMLElement | null => {
    const button = adapter.sendButton(document);
    return button && target instanceof Node && button.contains(target) ? button : null;
  };
  const trusted =
    <E extends Event>(fn: (e: E) => void) =>
    (e: E) => {
      if (e.isTrusted) fn(e);
    };
  const beforeEdit = trusted((e: Event) => {
    const composer = composerFor(e.target);
    if (composer) text.beforeEdit(composer, statedEdit(e, composer));
  });
  const opts = { capture: true };
  ctx.addEventListener(
    window,
    'keydown',
    trusted((e) => {
      if (e.altKey && e.shiftKey && e.code === 'KeyM') {
        e.preventDefault();
        on.shortcut();
        return;
      }
      const composer = isSendKey(e) ? composerFor(e.target) : null;
      if (composer) on.send(e, { kind: 'enter', composer });
    }),
    opts,
  );
  // Pressing the send button would move focus out of the editor, which then needs time to
  // settle before text can go in front of the draft: keep focus where it is.
  ctx.addEventListener(
    window,
    'mousedown',
    trusted((e) => {
      const composer = adapter.composer(document);
      if (composer && sendButtonFor(e.target) && on.holds(composer)) e.preventDefault();
    }),
    opts,
  );
  ctx.addEventListener(
    window,
    'click',
    trusted((e) => {
      const button = sendButtonFor(e.target);
      const composer = adapter.composer(document);
      if (button && composer) on.send(e, { kind: 'click', composer, button });
    }),
    opts,
  );
  ctx.addEventListener(window, 'beforeinput', beforeEdit, opts);
  ctx.addEventListener(window, 'paste', beforeEdit, opts);
  ctx.addEventListener(window, 'drop', beforeEdit, opts);
  ctx.addEventListener(
    window,
    'input',
    trusted((e) => {
      const composer = composerFor(e.target);
      if (!composer) return;
      text.afterEdit(composer);
      on.typed(composer);
    }),
    opts,
  );
  ctx.addEventListener(
    window,
    'compositionend',
    trusted((e) => {
      const composer = composerFor(e.target);
      if (composer) text.compositionEnd(composer);
    }),
    opts,
  );
  ctx.addEventListener(
    window,
    'focusin',
    trusted((e) => {
      if (composerFor(e.target)) on.focused();
    }),
    opts,
  );
}
