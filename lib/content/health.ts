/**
 * Site health: which of the adapter's selectors match on this page, reported to the
 * background whenever that changes, so the side panel can say "composer not found".
 */
import { call } from './rpc';
import type { PageState } from './state';

const REPORT_DELAY_MS = 1000;

export function createHealth(state: PageState) {
  let reported = '';
  let timer: number | undefined;

  function report() {
    const { adapter } = state;
    const matched = adapter.health(document);
    const count = (selector: string | null) => (selector ? document.querySelectorAll(selector).length : 0);
    const turns = count(matched.userTurn) + count(matched.assistantTurn);
    const composer = adapter.composer(document);
    // The draft is read only for the side panel's preview of what would be added to it.
    const draft =
      composer && state.config.inject !== 'off' ? adapter.readComposer(composer).slice(0, 10_000) : undefined;
    return { conversationId: state.conversationId, url: location.href, matched, turns, draft };
  }

  async function send(): Promise<void> {
    timer = undefined;
    const now = report();
    const key = keyOf(now);
    if (key === reported) return;
    if (await call('site.health', now, 3000)) reported = key;
  }

  return {
    tick(): void {
      if (timer !== undefined || keyOf(report()) === reported) return;
      timer = state.ctx.setTimeout(() => void send(), REPORT_DELAY_MS);
    },
  };
}

// What changes the verdict or the panel's preview counts: not every new turn.
function keyOf(r: { conversationId: string | null; matched: object; turns: number; draft?: string }): string {
  return JSON.stringify([r.conversationId, r.matched, r.turns > 0, r.draft]);
}
