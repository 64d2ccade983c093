/**
 * The toolbar button's badge counts the memories waiting for review, with its tooltip in the
 * user's language. A live query on the proposed rows: every writer is this background, so each
 * write that adds or answers a proposal updates it.
 */
import { browser } from '#imports';
import { watch } from '../../lib/db/live';
import { countProposals } from '../../lib/db/review';
import { loadSettings } from '../../lib/db/settings-store';
import { detectLanguage, translate } from '../../lib/i18n/dictionary';

type ActionApi = Pick<typeof browser.action, 'setBadgeText' | 'setTitle' | 'setBadgeBackgroundColor'>;

function actionApi(): ActionApi | undefined {
  const ff = browser as unknown as { browserAction?: ActionApi };
  return browser.action ?? ff.browserAction;
}

/** The badge text for a count: empty when nothing waits, capped so it fits the button. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}

async function show(count: number): Promise<void> {
  const action = actionApi();
  if (!action) return;
  const pref = (await loadSettings()).language;
  const lang = pref === 'auto' ? detectLanguage(globalThis.navigator?.language) : pref;
  await action.setBadgeText({ text: badgeText(count) });
  await action.setBadgeBackgroundColor({ color: '#8a4b00' }).catch(() => {});
  await action.setTitle({
    title: count > 0 ? `claude-mem · ${translate(lang, 'review.badge', { n: count })}` : 'claude-mem',
  });
}

export function wireReviewBadge(): void {
  watch(countProposals, (count) => void show(count).catch(() => {}));
}
