/**
 * Sending on the user's behalf after the composer was changed: the site receives the same
 * gesture the user made (Enter on the composer, or a click on its send button). These events
 * are not trusted, so our own listeners (which act on trusted input only) let them through.
 */

/** Enter without modifiers and outside an IME composition: the sites' "send" key. */
export function isSendKey(e: KeyboardEvent): boolean {
  if (e.key !== 'Enter' || e.shiftKey || e.ctrlKey || e.altKey || e.metaKey) return false;
  return !e.isComposing && e.keyCode !== 229;
}

export function pressEnter(target: EventTarget): void {
  const down = keyEvent('keydown');
  target.dispatchEvent(down);
  // Sites that ignore keydown send on keypress; one that handled keydown prevented it.
  if (!down.defaultPrevented) target.dispatchEvent(keyEvent('keypress'));
  target.dispatchEvent(keyEvent('keyup'));
}

export function clickSend(button: HTMLElement): void {
  button.click();
}

function keyEvent(type: string): KeyboardEvent {
  // keyCode/which are legacy init members Chromium honours; older site handlers read them.
  const legacy = { keyCode: 13, which: 13 } as KeyboardEventInit;
  return new KeyboardEvent(type, { ...legacy, key: 'Enter', code: 'Enter', bubbles: true, cancelable: true });
}
