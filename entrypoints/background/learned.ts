/**
 * After an extraction: if it added memories, the side panel says so ("Learned 3 memories from
 * 'Trip planning'") and the toolbar button carries the count until the user has seen them.
 * Several extractions before the user looks add up.
 */
import { browser } from '#imports';
import { learnedFrom } from '../../lib/db/learned';
import { isLearned, LEARNED_KEY, type Learned } from '../../lib/memory/learned';
import type { Job } from '../../lib/memory/types';
import { now } from '../../lib/time';

/** Chrome's `action`, Firefox MV2's `browserAction`. */
function toolbarButton() {
  const b = browser as unknown as { action?: typeof browser.action; browserAction?: typeof browser.action };
  return b.action ?? b.browserAction;
}

export async function announceLearned(job: Job, since: string): Promise<void> {
  const { n, title } = await learnedFrom(job.chatId, since);
  if (n === 0) return;
  const previous = (await browser.storage.session.get(LEARNED_KEY))[LEARNED_KEY];
  const earlier = isLearned(previous) ? previous.n : 0;
  const next: Learned = { chatId: job.chatId, site: job.chatId.split(':')[0] ?? '', title, n, at: now() };
  await browser.storage.session.set({ [LEARNED_KEY]: next });
  const button = toolbarButton();
  await button?.setBadgeBackgroundColor({ color: '#c2410c' }).catch(() => {});
  await button?.setBadgeText({ text: String(Math.min(99, earlier + n)) }).catch(() => {});
}
