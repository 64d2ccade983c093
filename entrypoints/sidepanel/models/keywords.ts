/**
 * "Add keywords": ask the background how many memories have none and what filling them in
 * would cost, show that, and only on the user's go-ahead start the run (tracked work: progress
 * and cancel in the work bar). The list refreshes itself from the store's change events. Opened
 * from the Memories toolbar, or by itself right after an import or Bring in that left memories
 * without keywords, where that happened (the Memories view or Settings → Your data).
 */
import { signal } from '@preact/signals';
import { t } from '../../../lib/i18n';
import type { ResponseOf } from '../../../lib/protocol';
import { send } from '../../../lib/protocol/panel-send';
import { fail, messageOf, say } from './notice';
import { saidCancelled, track } from './work';

type Estimate = ResponseOf<'keywords.estimate'>;
type Price = ResponseOf<'usage.summary'>['price'];

/** Where the offer shows: the view the user is in. */
export type OfferPlace = 'memories' | 'data';
/** Why it shows: the user asked, or an import / Bring in just stored memories without keywords. */
export type OfferReason = 'asked' | 'import' | 'bringIn';

export interface KeywordsOfferState {
  estimate: Estimate;
  price: Price | null;
  place: OfferPlace;
  reason: OfferReason;
}

/** The offer as shown: null while closed. */
export const keywordsOffer = signal<KeywordsOfferState | null>(null);

async function estimateNow(): Promise<{ estimate: Estimate; price: Price | null }> {
  const [estimate, usage] = await Promise.all([
    send('keywords.estimate', {}),
    send('usage.summary', {}).catch(() => null),
  ]);
  return { estimate, price: usage?.price ?? null };
}

export async function openKeywords(): Promise<void> {
  try {
    keywordsOffer.value = { ...(await estimateNow()), place: 'memories', reason: 'asked' };
  } catch (error) {
    fail(messageOf(error));
  }
}

/**
 * After an import or Bring in: the offer, with its cost, where it happened, when memories
 * without keywords are now stored. Nothing is asked of the model until the user says so.
 */
export async function offerKeywordsAfter(reason: 'import' | 'bringIn', place: OfferPlace): Promise<void> {
  try {
    const found = await estimateNow();
    if (found.estimate.count > 0) keywordsOffer.value = { ...found, place, reason };
  } catch {
    // The import itself succeeded and said so; without an estimate there is no honest offer to show.
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
