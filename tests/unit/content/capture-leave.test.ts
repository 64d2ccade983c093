// @vitest-environment happy-dom
/** Leaving a conversation within the settle time still stores its last answer. */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ChatTurn } from '../../../lib/adapters/types';
import { Capture } from '../../../lib/content/capture';
import { pageState } from './page-state';

type Msg = { type: string; payload: { turns?: ChatTurn[]; conversationId?: string } };
let reads = 0;

function recordCaptures(): Msg[] {
  const seen: Msg[] = [];
  fakeBrowser.runtime.onMessage.addListener((m: Msg, _s: unknown, respond: (r: unknown) => void) => {
    if (m.type === 'chat.capture') seen.push(m);
    respond({ ok: true, data: { chatId: 'chatgpt:c1', excluded: false } });
    return true;
  });
  return seen;
}

const TURNS: ChatTurn[] = [
  { role: 'user', text: 'Plan a trip to Kyoto' },
  { role: 'assistant', text: 'Here is a three-day plan…' },
];

describe('capture when the user moves on', () => {
  it('sends the settled-but-unsent snapshot at once on leave', async () => {
    const captures = recordCaptures();
    const capture = new Capture(pageState(TURNS, { onRead: () => reads++ }));
    capture.tick(); // read, waiting the settle time
    await capture.leave(); // the user opened another conversation right away
    expect(captures).toHaveLength(1);
    expect(captures[0]?.payload.conversationId).toBe('c1');
    expect(captures[0]?.payload.turns).toEqual(TURNS);
  });

  it('sends nothing more when the snapshot was already stored', async () => {
    const captures = recordCaptures();
    const capture = new Capture(pageState(TURNS, { onRead: () => reads++ }));
    capture.tick();
    await new Promise((r) => setTimeout(r, 800)); // settles and flushes
    expect(captures).toHaveLength(1);
    await capture.leave();
    expect(captures).toHaveLength(1);
  });

  it('reads nothing and sends nothing while learning from this site is off', async () => {
    const captures = recordCaptures();
    reads = 0;
    const capture = new Capture(pageState(TURNS, { learn: false, onRead: () => reads++ }));
    capture.tick();
    await new Promise((r) => setTimeout(r, 800));
    await capture.leave();
    expect(reads).toBe(0);
    expect(captures).toEqual([]);
  });
});
