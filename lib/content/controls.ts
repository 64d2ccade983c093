/**
 * The small on-page controls, in a shadow root so the site's CSS cannot reach them: the
 * "don't remember this chat" switch and, in manual mode, the "Insert memories" button. They
 * float just above the composer's right edge and hide when there is no composer.
 */
import type { PageState } from './state';

const CSS = `
:host { all: initial; position: fixed; z-index: 2147483000; display: none; }
:host([data-shown]) { display: block; }
.bar { display: flex; gap: 4px; align-items: center; font: 12px/1.2 system-ui, sans-serif; }
button { all: unset; cursor: pointer; padding: 2px 8px; border-radius: 10px; color: #333;
  background: rgba(240, 240, 240, 0.92); border: 1px solid rgba(0, 0, 0, 0.12); }
button:focus-visible { outline: 2px solid #3b82f6; }
button[aria-checked="true"] { background: #fee2e2; color: #991b1b; }
.insert[hidden] { display: none; }
[role="status"] { color: #555; background: rgba(255, 255, 255, 0.9); padding: 0 4px; border-radius: 4px; }
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
  return { status, insert, remember };
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

export function createControls(state: PageState, actions: ControlActions) {
  const host = document.createElement('claude-mem-controls');
  const { status, insert, remember } = buildBar(host.attachShadow({ mode: 'open' }));
  remember.addEventListener('click', () => actions.toggleExcluded());
  insert.addEventListener('click', () => actions.insert());
  // Keep focus (and the caret) in the site's editor while the block goes in.
  insert.addEventListener('mousedown', (e) => e.preventDefault());
  let clearStatus: number | undefined;

  return {
    update(): void {
      // The mode is on the host for tests and for anyone inspecting the page.
      host.dataset.mode = state.config.enabled ? state.config.mode : 'off';
      remember.setAttribute('aria-checked', String(state.excluded));
      remember.textContent = state.excluded ? 'not remembered' : 'memory';
      insert.hidden = !(state.config.enabled && state.config.mode === 'manual');
    },
    place: () => place(host, state),
    notify(text: string): void {
      status.textContent = text;
      clearTimeout(clearStatus);
      clearStatus = state.ctx.setTimeout(() => {
        status.textContent = '';
      }, 4000);
    },
    remove: () => host.remove(),
  };
}

/** Keeps the bar on the page, just above the composer's right edge. */
function place(host: HTMLElement, state: PageState): void {
  if (!host.isConnected) document.documentElement.append(host);
  const rect = state.adapter.composer(document)?.getBoundingClientRect();
  const shown = !!rect && rect.width > 0 && state.config.enabled;
  // Only real changes touch the host: the page observer would see every attribute write.
  if (shown !== host.hasAttribute('data-shown')) host.toggleAttribute('data-shown', shown);
  if (!rect || !shown) return;
  const above = rect.top - host.offsetHeight - 6;
  const top = `${Math.round(above > 0 ? above : rect.bottom + 6)}px`;
  const left = `${Math.round(Math.max(4, rect.right - host.offsetWidth))}px`;
  if (host.style.top !== top) host.style.top = top;
  if (host.style.left !== left) host.style.left = left;
}
