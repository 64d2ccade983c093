// @vitest-environment happy-dom
/**
 * The page's "Remember this chat" switch shows the user's latest choice: a reply to a request
 * sent before that choice (a capture, a status check, the previous click) arrives late and
 * must not turn the switch back.
 */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ChatTurn } from '../../../lib/adapters/types';
import { Capture } from '../../../lib/content/capture';
import { loadStatus, type PageState, resetExcluded, setExcluded } from '../../../lib/content/state';
import { pageState } from './page-state';

const TURNS: ChatTurn[] = [
  { role: 'user', text: '帮我规划杭州两日游' },
  { role: 'assistant', text: '第一天：西湖……' },
];

type Reply = (data: unknown) => void;

/** The background, answering each message only when the test says so; `answered` answers at once. */
function background(answered: Record<string, (payload: { conversationId?: string }) => unknown> = {}) {
  const held: { type: string; reply: Reply }[] = [];
  fakeBrowser.runtime.onMessage.addListener(
    (m: { type: string; payload: { conversationId?: string } }, _s: unknown, respond: Reply) => {
      const now = answered[m.type];
      if (now) respond({ ok: true, data: now(m.payload) });
      else held.push({ type: m.type, reply: (data) => respond({ ok: true, data }) });
      return true;
    },
  );
  return {
    async next(type: string): Promise<Reply> {
      await expect.poll(() => held.some((h) => h.type === type)).toBe(true);
      const i = held.findIndex((h) => h.type === type);
      return held.splice(i, 1)[0]!.reply;
    },
  };
}

const status = (excluded: boolean) => ({ chatId: 'chatgpt:c1', excluded, state: null, turns: 0 });
const settle = () => new Promise((r) => setTimeout(r, 20));

/** A status check answered `excluded` only after `meanwhile` ran; returns what the switch then shows. */
async function statusAnsweredAfter(
  excluded: boolean,
  meanwhile: (state: PageState) => unknown,
  answered: Parameters<typeof background>[0] = {},
): Promise<boolean> {
  const bg = background(answered);
  const state = pageState(TURNS);
  const checking = loadStatus(state);
  const statusReply = await bg.next('chat.status');
  await meanwhile(state);
  statusReply(status(excluded));
  await checking;
  return state.excluded;
}

describe('replies that arrive after the user set the switch', () => {
  it('a capture sent before "off" does not turn the switch back on', async () => {
    const bg = background({ 'chat.exclude': () => status(true) });
    const state = pageState(TURNS);
    const capture = new Capture(state);
    capture.tick();
    const captureReply = await bg.next('chat.capture'); // in flight when the user clicks
    await setExcluded(state, true);
    captureReply({ chatId: 'chatgpt:c1', excluded: false });
    await settle();
    expect(state.excluded).toBe(true);
  });

  it('a status check sent before "off" does not turn the switch back on', async () => {
    const shown = await statusAnsweredAfter(false, (state) => setExcluded(state, true), {
      'chat.exclude': () => status(true),
    });
    expect(shown).toBe(true);
  });

  it('off then on at once: the reply to "off" does not win over "on"', async () => {
    const bg = background();
    const state = pageState(TURNS);
    const off = setExcluded(state, true);
    const offReply = await bg.next('chat.exclude');
    const on = setExcluded(state, false);
    const onReply = await bg.next('chat.include');
    offReply(status(true));
    await off;
    expect(state.excluded).toBe(false);
    onReply(status(false));
    await on;
    expect(state.excluded).toBe(false);
  });

  it('a reply about the conversation left behind does not set the one now shown', async () => {
    const shown = await statusAnsweredAfter(true, (state) => {
      state.conversationId = 'c2';
      resetExcluded(state);
    });
    expect(shown).toBe(false);
  });

  it('a reply with nothing set since still applies (another tab excluded the chat)', async () => {
    expect(await statusAnsweredAfter(true, () => {})).toBe(true);
  });

  it('no answer to "off": the switch shows what the background then says', async () => {
    const bg = background({ 'chat.status': () => status(false) });
    const state = pageState(TURNS);
    const off = setExcluded(state, true);
    expect(state.excluded).toBe(true); // at once, so a capture racing the request is held back
    (await bg.next('chat.exclude'))(undefined); // a reply that fails its schema counts as none
    await off;
    expect(state.excluded).toBe(false);
  });
});
