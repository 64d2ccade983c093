/**
 * What a send tells the background besides its block: that the user sent these words here
 * (`chat.sent`: a later capture knows which user turns were typed in this tab), and the message
 * after an injection, read for a correction or a confirmation (`inject.followup`). Only what
 * the user typed or pasted counts (typed-text.ts): text a page put in the box, and our block,
 * are not the user's. Nothing for a chat the user asked not to remember.
 */
import { hasInjectedBlock, stripInjectedBlocks } from '../ranking/block';
import type { PageBlock } from './page-block';
import { call } from './rpc';
import type { PageState } from './state';

/**
 * The user really sent this (a trusted Enter or click reached the page): the background keeps
 * it for this tab. It drops it too when the site is not learning.
 */
export function reportSend(state: PageState, typed: string, learning: boolean): void {
  if (!learning) return;
  const text = stripInjectedBlocks(typed, state.marks).trim();
  if (text) void call('chat.sent', { text: text.slice(0, 100_000) }, 5000);
}

/**
 * A send we let through: it may carry a block inserted by hand, or follow an injection. The
 * follow-up the ranker learns corrections from is the user's own words only (`typed`).
 */
export function noticeSend(state: PageState, block: PageBlock, draft: string, typed: string, learning: boolean): void {
  const carries = hasInjectedBlock(draft, state.marks);
  if (carries && block.handSent()) return;
  if (!carries && block.followUp() && typed !== '' && learning) followup(state, typed);
}

/** The message after an injection: the ranker reads corrections ("that's wrong") from it. */
function followup(state: PageState, text: string): void {
  const { adapter, conversationId } = state;
  const chatId = conversationId ? `${adapter.id}:${conversationId}` : null;
  void call('inject.followup', { text: stripInjectedBlocks(text, state.marks).slice(0, 100_000), chatId }, 5000);
}
