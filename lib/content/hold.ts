/**
 * Hold and replay: a message that should carry its block is held (its trusted gesture
 * swallowed), the block put in front of the user's text within PREPARE_BUDGET_MS, and the same
 * gesture replayed once. With no block by then the original goes out untouched, and a block
 * still on its way becomes the late one (page-block.ts). The user's text is never dropped or
 * doubled: see applyBlock.
 */
import { clickSend, pressEnter } from './keys';
import type { PageBlock } from './page-block';
import { applyBlock, type createPreparer, type Outcome, prepareBy } from './prepare';
import type { PageState } from './state';
import type { PageString } from './strings';

const PREPARE_BUDGET_MS = 300;

export type Trigger =
  | { kind: 'enter'; composer: HTMLElement }
  | { kind: 'click'; composer: HTMLElement; button: HTMLElement };

export interface Holder {
  state: PageState;
  preparer: ReturnType<typeof createPreparer>;
  block: PageBlock;
  notify(key: PageString): void;
}

/** The held message: its block (or none, in time), then the gesture again. */
export async function sendWithBlock(h: Holder, trigger: Trigger, draft: string, query: string): Promise<void> {
  const deadline = performance.now() + PREPARE_BUDGET_MS;
  const { prepared, late } = await prepareBy(h.preparer, query, deadline, h.block.late);
  if (late && late !== h.block.late) h.block.missed(late);
  let outcome: Outcome = 'untouched';
  if (prepared?.block && prepared.token) {
    outcome = await applyBlock(h.state.adapter, trigger.composer, prepared.block, draft);
  }
  if (outcome === 'broken') {
    h.notify('notSent');
    return;
  }
  if (outcome === 'inserted' && prepared?.token) h.block.carried(prepared.token);
  // Let the site's framework re-render (enable its button) before the replay.
  await new Promise((resolve) => setTimeout(resolve, 16));
  replay(h.state, trigger);
}

function replay(state: PageState, trigger: Trigger): void {
  const { adapter } = state;
  if (trigger.kind === 'enter') pressEnter(adapter.composer(document) ?? trigger.composer);
  else clickSend(adapter.sendButton(document) ?? trigger.button);
}

/** The user's gesture stops here: the page never sees it (the replay is ours). */
export function swallow(e: Event): void {
  e.preventDefault();
  e.stopImmediatePropagation();
}
