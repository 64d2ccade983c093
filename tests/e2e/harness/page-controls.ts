/**
 * The extension's on-page controls as a test reaches them: through the content script's own
 * world (Chromium's `chrome.dom.openOrClosedShadowRoot`), never through the page's DOM, since
 * their shadow root is closed. Clicks are real mouse input at the control's position, so they
 * arrive as trusted user gestures, as a user's would.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { type ContentWorld, contentWorld } from './content-world';

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ControlsState {
  attached: boolean;
  insert: Rect | null;
  remember: Rect | null;
  /** The switch says this chat is remembered (null: no switch). */
  remembering: boolean | null;
  /** What the switch reads, and its accessible name. */
  rememberText: string;
  rememberLabel: string;
  /** The Undo button shown for a few seconds after remembering is turned off. */
  undo: Rect | null;
  status: string;
  /** What Chromium's visibility tracking last reported per control (absent: no report yet). */
  reported: Partial<Record<ControlName, boolean>>;
}

export type ControlName = 'insert' | 'remember' | 'undo';

const READ = `(() => {
  const host = document.querySelector('claude-mem-controls');
  const root = host && chrome.dom.openOrClosedShadowRoot(host);
  const rect = (el) => {
    if (!el || el.hidden) return null;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
  };
  const remember = root?.querySelector('.remember') ?? null;
  return {
    attached: !!host?.isConnected,
    insert: rect(root?.querySelector('.insert')),
    remember: rect(remember),
    remembering: remember ? remember.getAttribute('aria-checked') === 'true' : null,
    rememberText: remember?.textContent ?? '',
    rememberLabel: remember?.getAttribute('aria-label') ?? '',
    undo: rect(root?.querySelector('.undo')),
    status: root?.querySelector('[role="status"]')?.textContent ?? '',
    reported: Object.fromEntries(
      ['insert', 'remember', 'undo']
        .map((name) => [name, root?.querySelector('.' + name)?.getAttribute('data-visible')])
        .filter(([, v]) => v != null)
        .map(([name, v]) => [name, v === 'true']),
    ),
  };
})()`;

export interface PageControls {
  state(): Promise<ControlsState>;
  /**
   * A real mouse click in the middle of the control once Chromium reports it visible and it has
   * stopped moving; fails if it is not shown.
   */
  click(name: ControlName): Promise<void>;
  /** The same click without waiting for the visibility report (a user clicking what a page covered). */
  clickAsIs(name: ControlName): Promise<void>;
  world: ContentWorld;
  detach(): Promise<void>;
}

/**
 * Longer than the page's placement throttle (250 ms): the bar follows the composer, which can
 * grow a moment after our own change (an inserted block), and a click read before the move
 * lands where the control was.
 */
const STILL_MS = 400;

export async function pageControls(page: Page, extensionId: string): Promise<PageControls> {
  const world = await contentWorld(page, extensionId);
  const state = () => world.evaluate<ControlsState>(READ);
  /** Waits until the control has stayed in one place for STILL_MS, as a user's eye would. */
  const still = async (name: ControlName) => {
    let place = '';
    let since = 0;
    await expect
      .poll(
        async () => {
          const now = JSON.stringify((await state())[name]);
          if (now !== place) [place, since] = [now, Date.now()];
          return Date.now() - since >= STILL_MS;
        },
        { timeout: 10_000, interval: 50 },
      )
      .toBe(true);
  };
  const clickAt = async (name: ControlName) => {
    const rect = (await state())[name];
    if (!rect) throw new Error(`the ${name} control is not shown`);
    await page.mouse.click(rect.x + rect.width / 2, rect.y + rect.height / 2);
  };
  return {
    state,
    async click(name) {
      // A click before Chromium has reported the control visible is refused like one on a
      // covered control (the click guard): wait for that report, as a user's eye would.
      await expect.poll(async () => (await state()).reported[name], { timeout: 10_000 }).toBe(true);
      await still(name);
      await clickAt(name);
    },
    clickAsIs: (name) => clickAt(name),
    world,
    detach: () => world.detach(),
  };
}
