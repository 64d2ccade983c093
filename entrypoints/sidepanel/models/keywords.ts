/**
 * "Add keywords": ask the background how many memories have none and what filling them in
 * would cost, show that, and only on the user's go-ahead start the run (tracked work: progress
 * and cancel in the work bar). The list refreshes itself from the store's change events.
 */
import { signal } from '@preact/signals';
import { t } from '../../../lib/i18n';
import type { ResponseOf } from '../../../lib/protocol';
import { send } from '../../../lib/protocol/panel-send';
import { fail, messageOf, say } from './notice';
import { saidCancelled, track } from './work';

type Estimate = ResponseOf<'keywords.estimate'>;
type Price = ResponseOf<'usage.summary'>['price'];

/** The offer as shown: null while closed. */
export const keywordsOffer = signal<{ estimate: Estimate; price: Price | null } | null>(null);

export async function openKeywords(): Promise<void> {
  try {
    const [estimate, usage] = await Promise.all([
      send('keywords.estimate', {}),
      send('usage.summary', {}).catch(() => null),
    ]);
    keywordsOffer.value = { estimate, price: usage?.price ?? null };
  } catch (error) {
    fail(messageOf(error));
  }
}

export function closeKeywords(): void {
  keywordsOffer.value = null;
}

export async function addKeywords(): Promise<void> {
  try {
    const r = await track('keywords', () => send('keywords.add', {}));
    closeKeywords();
    say(() =>
      [t(r.stopped ? 'kw.stopped' : 'kw.done', { n: r.updated }), r.failed > 0 ? t('kw.failed', { n: r.failed }) : '']
        .filter(Boolean)
        .join(' '),
    );
  } catch (error) {
    if (saidCancelled('keywords', error)) return;
    fail(messageOf(error));
  }
}
