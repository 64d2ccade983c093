/**
 * The small on-page controls: the "don't remember this chat" switch (while this site's chats
 * are learnt from) and, in manual mode, the "Insert memories" button. They float just above the
 * composer's right edge and hide when there is no composer.
 *
 * The page must not be able to reach them or read the extension's state from them: they live
 * in a closed shadow root, the host element carries no attribute (position and visibility are
 * set inside the shadow root), and it is always attached with a bar of one fixed size wherever
 * the composer is, whatever the switches say, so neither its presence nor where
 * `elementFromPoint` finds it tells the page anything. Only a trusted click on a control the
 * user can see acts (click-guard.ts): a page that hides the bar or covers it gets nothing.
 */
import { createClickGuard } from './click-guard';
import type { PageState } from './state';

const CSS = `
:host { all: initial; position: fixed; top: 0; left: 0; width: 0; height: 0; z-index: 2147483000; }
.bar { position: fixed; display: none; width: 232px; height: 22px; gap: 4px; align-items: center;
  justify-content: flex-end; font: 12px/1.2 system-ui, sans-serif; }
.bar.shown { display: flex; }
button { all: unset; box-sizing: border-box; width: 112px; height: 20px; overflow: hidden; text-align: center;
  white-space: nowrap; cursor: pointer; border-radius: 10px; color: #333;
  background: rgba(240, 240, 240, 0.92); border: 1px solid rgba(0, 0, 0, 0.12); }
button:focus-visible { outline: 2px solid #3b82f6; }
button[aria-checked="true"] { background: #fee2e2; color: #991b1b; }
button[hidden] { display: block; visibility: hidden; }
[role="status"] { position: absolute; right: 100%; margin-right: 4px; white-space: nowrap; pointer-events: none;
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
  const insert = button('insert', 'Insert memories', 'Insert memories (Alt+Shift+M)');
  insert.hidden = true;
  const remember = button('remember', 'memory', "Don't remember this chat");
  remember.setAttribute('role', 'switch');
  remember.setAttribute('aria-checked', 'false');
  remember.setAttribute('aria-label', "Don't remember this chat");
  bar.append(status, insert, remember);
  shadow.append(style, bar);
  return { bar, status, insert, remember };
}

function button(className: string, text: string, title: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.title = title;
  b.textContent = text;
  return b;
}

export interface ControlActions {
  toggleExcluded(): void;
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
  const guard = createClickGuard(host, shadow, [ui.remember, ui.insert]);
  ui.remember.addEventListener(
    'click',
    trusted((e: MouseEvent) => {
      if (guard.genuine(e, ui.remember)) actions.toggleExcluded();
    }),
  );
  ui.insert.addEventListener(
    'click',
    trusted((e: MouseEvent) => {
      if (guard.genuine(e, ui.insert)) actions.insert();
    }),
  );
  // Keep focus (and the caret) in the site's editor while the block goes in.
  ui.insert.addEventListener('mousedown', (e) => e.preventDefault());
  let clearStatus: number | undefined;

  return {
    update(): void {
      const { learn, inject } = state.config;
      ui.remember.hidden = !learn;
      ui.remember.setAttribute('aria-checked', String(state.excluded));
      ui.remember.textContent = state.excluded ? 'not remembered' : 'memory';
      ui.insert.hidden = inject !== 'manual';
    },
    place: () => place(host, ui.bar, state),
    notify(text: string): void {
      ui.status.textContent = text;
      clearTimeout(clearStatus);
      clearStatus = state.ctx.setTimeout(() => {
        ui.status.textContent = '';
      }, 4000);
    },
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
