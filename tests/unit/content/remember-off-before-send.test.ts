// @vitest-environment happy-dom
/**
 * "Remember this chat: off" flipped on a new chat before its first send (the chat has no id yet).
 * What may already have left while typing: the draft's request keywords, asked by the
 * background after a pause. From the flip on: an ask the background still has waiting is not
 * made (the draft is warmed again with the switch off), the send is not reported as typed here,
 * and the block that goes with it is recorded without the draft. The real Injector, its listeners
 * fed the user's events (happy-dom cannot make a trusted event; each is marked trusted here).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ChatSiteAdapter } from '../../../lib/adapters/types';
import { Injector } from '../../../lib/content/injector';
import { type PageState, setExcluded } from '../../../lib/content/state';
import { pageState } from './page-state';

type Sent = { type: string; payload: { draft?: string; use?: string; learn?: boolean; text?: string } };

function background(): Sent[] {
  const seen: Sent[] = [];
  fakeBrowser.runtime.onMessage.addListener((m: Sent, _s: unknown, respond: (r: unknown) => void) => {
    seen.push(m);
    respond({ ok: true, data: { block: null, token: null, memoryIds: [], tokens: 0 } });
    return true;
  });
  return seen;
}

function trusted<E extends Event>(e: E): E {
  Object.defineProperty(e, 'isTrusted', { value: true });
  return e;
}

function page(): { state: PageState; injector: Injector; box: HTMLTextAreaElement } {
  const box = document.createElement('textarea');
  document.body.replaceChildren(box);
  const base = pageState([]);
  const adapter = {
    ...base.adapter,
    composer: () => box,
    readComposer: (el: HTMLElement) => (el as HTMLTextAreaElement).value,
    sendButton: () => null,
    health: () => ({ userTurn: null, assistantTurn: null }),
  } as unknown as ChatSiteAdapter;
  const ctx = {
    ...base.ctx,
    addEventListener: (t: EventTarget, type: string, fn: EventListener, o: AddEventListenerOptions) =>
      t.addEventListener(type, fn, o),
  } as unknown as PageState['ctx'];
  // A new chat: no id until the first send.
  const state: PageState = { ...base, adapter, ctx, conversationId: null };
  const injector = new Injector(state, { notify: () => {} });
  injector.start();
  return { state, injector, box };
}

function type(box: HTMLTextAreaElement, text: string): void {
  for (const ch of text) {
    box.dispatchEvent(
      trusted(new InputEvent('beforeinput', { inputType: 'insertText', data: ch, bubbles: true, cancelable: true })),
    );
    box.value += ch;
    box.dispatchEvent(trusted(new InputEvent('input', { inputType: 'insertText', data: ch, bubbles: true })));
  }
}

function pressEnter(box: HTMLTextAreaElement): void {
  box.dispatchEvent(
    trusted(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true })),
  );
}

const DRAFT = 'weekend ideas near the lake house';
const warms = (seen: Sent[]) => seen.filter((m) => m.type === 'inject.prepare' && m.payload.use === 'warm');

afterEach(() => fakeBrowser.reset());

describe('"Remember this chat: off" before the first send', () => {
  it('the waiting keyword ask follows the switch, the send is not kept, its block keeps no query', async () => {
    const seen = background();
    const { state, injector, box } = page();
    type(box, DRAFT);
    // The pause: the page warms the draft with the switch on (the background may ask keywords).
    await expect
      .poll(() => warms(seen).map((m) => m.payload))
      .toEqual([{ draft: DRAFT, use: 'warm', learn: true, project: null }]);
    // The user flips the switch as the page does (page.ts, toggleExcluded).
    void setExcluded(state, true);
    injector.switched();
    await expect
      .poll(() => warms(seen).at(-1)?.payload)
      .toEqual({ draft: DRAFT, use: 'warm', learn: false, project: null });
    pressEnter(box);
    await expect
      .poll(() => seen.find((m) => m.type === 'inject.prepare' && m.payload.use === 'send')?.payload)
      .toEqual({ draft: DRAFT, use: 'send', learn: false, project: null });
    expect(seen.filter((m) => m.type === 'chat.sent')).toEqual([]);
    expect(state.pendingExclude).toBe(true);
  });

  it('with the switch left on, the same send is reported as typed here', async () => {
    const seen = background();
    const { box } = page();
    type(box, DRAFT);
    pressEnter(box);
    await expect.poll(() => seen.filter((m) => m.type === 'chat.sent').map((m) => m.payload.text)).toEqual([DRAFT]);
  });
});
