/**
 * Site health: which of the adapter's selectors match on this page, and whether what they
 * read looks right (lib/page/reading-problems.ts), reported to the background whenever that changes,
 * so the side panel can say "composer not found" or "reading problems".
 */

import type { ChatTurn } from '../adapters/types';
import { ANSWER_LIMIT_MS, readingProblems } from '../page/reading-problems';
import { projectOfPage } from './project';
import { call } from './rpc';
import type { PageState } from './state';

const REPORT_DELAY_MS = 1000;

export function createHealth(state: PageState) {
  let reported = '';
  let timer: number | undefined;
  // Since when the page has shown its streaming signal without a break (null: not streaming).
  let generatingSince: number | null = null;
  let stuckCheck: number | undefined;
  let readBefore: readonly ChatTurn[] | null = null;

  function report() {
    const { adapter } = state;
    const matched = adapter.health(document);
    const count = (selector: string | null) => (selector ? document.querySelectorAll(selector).length : 0);
    const turns = count(matched.userTurn) + count(matched.assistantTurn);
    const composer = adapter.composer(document);
    // The draft is read only for the side panel's preview of what would be added to it, and the
    // turns only while this site's chats are learnt from.
    const draft =
      composer && state.config.inject !== 'off' ? adapter.readComposer(composer).slice(0, 10_000) : undefined;
    const generating = adapter.isGenerating(document);
    if (!generating) generatingSince = null;
    else generatingSince ??= performance.now();
    // While an answer streams the turns are what they were before it, plus an answer in the
    // making: they are read again once it has finished.
    if (!generating || !readBefore) readBefore = state.config.learn ? state.turns.read(state.marks) : [];
    const problems = state.config.learn
      ? readingProblems({
          turns: readBefore,
          generatingForMs: generatingSince === null ? 0 : performance.now() - generatingSince,
        })
      : [];
    const project = projectOfPage(adapter);
    return { conversationId: state.conversationId, url: location.href, matched, turns, draft, problems, project };
  }

  async function send(): Promise<void> {
    timer = undefined;
    const now = report();
    watchStuck();
    const key = keyOf(now);
    if (key === reported) return;
    if (await call('site.health', now, 3000)) reported = key;
  }

  // A stuck answer changes nothing on the page, so no tick would notice it: look again once
  // the limit has passed.
  function watchStuck(): void {
    if (generatingSince === null || stuckCheck !== undefined) return;
    const due = generatingSince + ANSWER_LIMIT_MS - performance.now();
    stuckCheck = state.ctx.setTimeout(() => {
      stuckCheck = undefined;
      void send();
    }, Math.max(0, due) + 100);
  }

  return {
    // Reading every turn on each DOM change would be heavy on a streaming page: at most one
    // full report per REPORT_DELAY_MS, sent only when its verdict changed.
    // While an answer streams, once its start is reported nothing changes the verdict until it
    // ends (the stuck check has its own timer): the page is not looked at on every change.
    tick(streaming = false): void {
      if (timer !== undefined || (streaming && generatingSince !== null)) return;
      timer = state.ctx.setTimeout(() => void send(), REPORT_DELAY_MS);
    },
  };
}

// What changes the verdict or the panel's preview counts: not every new turn.
function keyOf(r: {
  conversationId: string | null;
  matched: object;
  turns: number;
  draft?: string;
  problems: readonly string[];
  project: string | null;
}): string {
  return JSON.stringify([r.conversationId, r.matched, r.turns > 0, r.draft, r.problems, r.project]);
}
