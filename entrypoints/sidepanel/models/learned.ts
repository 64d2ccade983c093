/**
 * The last extraction that added memories (the background keeps it in session storage, see
 * lib/memory/learned.ts), shown as one dismissible line until the user looks at the memories
 * or dismisses it; either also clears the toolbar badge.
 */
import { signal } from '@preact/signals';
import { browser } from '#imports';
import { isLearned, LEARNED_KEY, type Learned } from '../../../lib/memory/learned';
import { go } from './nav';

export const learned = signal<Learned | null>(null);

async function read(): Promise<void> {
  const value = (await browser.storage.session.get(LEARNED_KEY))[LEARNED_KEY];
  learned.value = isLearned(value) ? value : null;
}

export function startLearned(): () => void {
  const listener = (changes: Record<string, unknown>, area: string) => {
    if (area === 'session' && LEARNED_KEY in changes) void read().catch(() => {});
  };
  browser.storage.onChanged.addListener(listener);
  void read().catch(() => {});
  return () => browser.storage.onChanged.removeListener(listener);
}

export async function dismissLearned(): Promise<void> {
  learned.value = null;
  const b = browser as unknown as { action?: typeof browser.action; browserAction?: typeof browser.action };
  await (b.action ?? b.browserAction)?.setBadgeText({ text: '' }).catch(() => {});
  await browser.storage.session.remove(LEARNED_KEY);
}

export function showLearned(): void {
  go('memories');
  void dismissLearned();
}
