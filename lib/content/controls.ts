/**
 * The small on-page controls: the "Remember this chat: on / off" switch (while this site's
 * chats are learnt from) and, in manual mode, the "Insert memories" button, in the panel's
 * language. They float just above the composer's right edge and hide when there is no composer.
 * Turning remembering off deletes the chat's transcript at once (nothing may be learnt from it
 * meanwhile); for a few seconds an Undo button turns it back on, and the page, which still
 * shows every turn, is captured again.
 *
 * The page must not be able to reach them or read the extension's state from them: they live
 * in a closed shadow root, the host element carries no attribute (position and visibility are
 * set inside the shadow root), and it is always attached with a bar of one fixed size wherever
 * the composer is, whatever the switches say (each button keeps its slot, hidden or not), so
 * neither its presence nor where `elementFromPoint` finds it tells the page anything. Only a
 * trusted click on a control the user can see acts (click-guard.ts): a page that hides the
 * bar or covers it gets nothing.
 */
import { createClickGuard } from './click-guard';
import type { PageState } from './state';
import { type PageString, pageText } from './strings';

/** How long the Undo button stays after remembering is turned off. */
export const UNDO_MS = 8000;

const CSS = `
:host { all: initial; position: fixed; top: 0; left: 0; width: 0; height: 0; z-index: 2147483000; }
.bar { position: fixed; display: none; width: 340px; height: 22px; gap: 4px; align-items: center;
  justify-content: flex-end; white-space: nowrap; font: 12px/1.2 system-ui, sans-serif; }
.bar.shown { display: flex; }
button { all: unset; box-sizing: border-box; height: 20px; overflow: hidden; text-overflow: ellipsis; text-align: center;
  cursor: pointer; padding: 0 6px; border-radius: 10px; color: #333;
  background: rgba(240, 240, 240, 0.92); border: 1px solid rgba(0, 0, 0, 0.12); }
button.undo { width: 56px; }
button.insert { width: 112px; }
button.remember { width: 164px; }
button:focus-visible { outline: 2px solid #3b82f6; }
button.remember[aria-checked="false"] { background: #fef3c7; color: #78350f; }
button.undo { background: #1f2937; color: #fff; }
button[hidden] { display: block; visibility: hidden; }
[role="status"] { position: absolute; right: 100%; margin-right: 4px; pointer-events: none;
  color: #555; background: rgba(255, 255, 255, 0.9); padding: 0 4px; border-radius: 4px; }
[role="status"]:empty { display: none; }
`;

/** Built with DOM calls, not innerHTML: nothing from the page or the store goes in here. */
function buildBar(shadow: ShadowRoot) {
  const style = document.createElement('style');
  style.textContent = CSS;
  const bar = document.createElement('div');
  bar.className = 'bar';
  const status = document.createElement('span');
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  const insert = button('insert');
  insert.hidden = true;
  const remember = button('remember');
  remember.setAttribute('role', 'switch');
  const undo = button('undo');
  undo.hidden = true;
  bar.append(status, undo, insert, remember);
  shadow.append(style, bar);
  return { bar, status, insert, remember, undo };
}

function button(className: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  return b;
}

/** Writes only what differs: the page's observer would see every write. */
function setText(el: HTMLElement, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

function setAttr(el: HTMLElement, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

export interface ControlActions {
  toggleExcluded(): void;
  /** Turns remembering back on within the undo time, and captures the page again. */
  undoExclude(): void;
  insert(): void;
}

/** A listener that acts only on the user's own input, never on events a page script made. */
function trusted<E extends Event>(fn: (e: E) => void): (e: E) => void {
  return (e) => {
    if (e.isTrusted) fn(e);
  };
}

export function createControls(state: PageState, actions: ControlActions) {
  const host = document.createElement('claude-mem-controls');
  const shadow = host.attachShadow({ mode: 'closed' });
  const ui = buildBar(shadow);
  const guard = createClickGuard(host, shadow, [ui.remember, ui.undo, ui.insert]);
  /** A trusted click on a control the user can see (never one a page hid or covered). */
  const seen =
    (control: HTMLElement, fn: () => void) =>
    (e: MouseEvent): void => {
      if (guard.genuine(e, control)) fn();
    };
  let undoUntil = 0;
  let undoTimer: number | undefined;
  let clearStatus: number | undefined;
  const text = (key: PageString) => pageText(state.lang, key);

  function notify(key: PageString): void {
    ui.status.textContent = text(key);
    clearTimeout(clearStatus);
    clearStatus = state.ctx.setTimeout(() => {
      ui.status.textContent = '';
    }, 4000);
  }

  function update(): void {
    const { learn, inject } = state.config;
    ui.remember.hidden = !learn;
    setAttr(ui.remember, 'aria-checked', String(!state.excluded));
    setAttr(ui.remember, 'aria-label', text('rememberLabel'));
    setAttr(ui.remember, 'title', text('rememberHelp'));
    setText(ui.remember, text(state.excluded ? 'rememberOff' : 'rememberOn'));
    ui.undo.hidden = !(learn && state.excluded && performance.now() < undoUntil);
    setText(ui.undo, text('undo'));
    ui.insert.hidden = inject !== 'manual';
    setText(ui.insert, text('insert'));
    setAttr(ui.insert, 'title', text('insertHelp'));
    // The bar's width changed with its words: keep its right edge on the composer's.
    place(host, ui.bar, state);
  }

  ui.remember.addEventListener(
    'click',
    trusted(
      seen(ui.remember, () => {
        const forgetting = !state.excluded;
        actions.toggleExcluded();
        clearTimeout(undoTimer);
        undoUntil = forgetting ? performance.now() + UNDO_MS : 0;
        if (forgetting) {
          notify('forgotten');
          undoTimer = state.ctx.setTimeout(update, UNDO_MS);
        }
        update();
      }),
    ),
  );
  ui.undo.addEventListener(
    'click',
    trusted(
      seen(ui.undo, () => {
        if (!state.excluded || performance.now() >= undoUntil) return;
        undoUntil = 0;
        clearTimeout(undoTimer);
        actions.undoExclude();
        notify('restored');
        update();
      }),
    ),
  );
  ui.insert.addEventListener('click', trusted(seen(ui.insert, () => actions.insert())));
  // Keep focus (and the caret) in the site's editor while the block goes in.
  ui.insert.addEventListener('mousedown', (e) => e.preventDefault());
  update();

  return {
    update,
    place: () => place(host, ui.bar, state),
    notify,
    remove: () => {
      guard.stop();
      host.remove();
    },
  };
}

/**
 * Keeps the bar on the page, just above the composer's right edge. The host and the bar's box
 * are there whatever the switches: a control that is off is hidden inside the bar, never
 * removed, so the page cannot tell the switches from the DOM or by hit-testing.
 */
function place(host: HTMLElement, bar: HTMLElement, state: PageState): void {
  if (!host.isConnected) document.documentElement.append(host);
  const rect = state.adapter.composer(document)?.getBoundingClientRect();
  const shown = !!rect && rect.width > 0;
  // Only real changes touch the DOM: the page observer would see every write.
  if (shown !== bar.classList.contains('shown')) bar.classList.toggle('shown', shown);
  if (!rect || !shown) return;
  const above = rect.top - bar.offsetHeight - 6;
  const top = `${Math.round(above > 0 ? above : rect.bottom + 6)}px`;
  const left = `${Math.round(Math.max(4, rect.right - bar.offsetWidth))}px`;
  if (bar.style.top !== top) bar.style.top = top;
  if (bar.style.left !== left) bar.style.left = left;
}
