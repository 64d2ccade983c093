/**
 * bench:past-chats's judging pass, in the case's store: for each request, the exchanges the
 * extension would offer the model (the excerpt search at the candidates' floor, up to six), the
 * request written and its answer read (bench/lib/rerank.ts), and the excerpts the block would
 * take: the picked exchanges, found again by the search run with the answer's keywords, at most
 * two, and none when none is picked. A request with no usable answer keeps today's excerpts
 * (the block's floor, two at most). The same for unrelated requests, each under its own id.
 */
import { findPastChatExcerpts, type PastChatsRequest } from '../../lib/db/past-chats';
import type { PastChatExcerpt } from '../../lib/history/excerpts';
import { CANDIDATE_FLOOR, CHAT_CANDIDATES, judgeCandidates } from '../../lib/request-keywords/judge-candidates';
import { judgedExcerpts } from '../../lib/request-keywords/judged-selection';
import { table } from './cli';
import { mean } from './metrics';
import type { RerankTally } from './rerank';

export async function judgedExcerptsFor(
  id: string,
  draft: string,
  base: PastChatsRequest,
  today: readonly PastChatExcerpt[],
  tally: RerankTally,
  /** The share of the request's evidence these excerpts show (none for an unrelated request). */
  evidence?: (excerpts: readonly PastChatExcerpt[]) => number,
): Promise<readonly PastChatExcerpt[]> {
  const offered = await findPastChatExcerpts({ ...base, max: CHAT_CANDIDATES, floor: CANDIDATE_FLOOR });
  const answer = tally.take(id, draft, judgeCandidates([], offered, base.privacyPatterns), evidence?.(offered));
  if (answer?.kind !== 'judged' || !answer.picks.chats) return today;
  const found = await findPastChatExcerpts({
    ...base,
    requestKeywords: answer.keywords,
    max: CHAT_CANDIDATES,
    floor: CANDIDATE_FLOOR,
  });
  return judgedExcerpts(found, answer.picks.chats);
}

/** Recall per question and the unrelated share per case, gathered over cases. */
export interface Figures {
  recall: number[];
  unrelated: number[];
}

export const emptyFigures = (): Figures => ({ recall: [], unrelated: [] });

export function addFigures(f: Figures, recall: readonly number[], unrelated: number | null): void {
  f.recall.push(...recall);
  if (unrelated !== null) f.unrelated.push(unrelated);
}

/** Today's figures next to the judged ones, then the call's tokens and the answers' outcomes. */
export function printJudged(
  title: string,
  today: { samples: readonly { recall: number }[]; unrelated: readonly number[] },
  judged: Figures,
  tally: RerankTally,
): Record<string, unknown> {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const todayRecall = mean(today.samples.map((s) => s.recall));
  console.log(`\n${title}: excerpts without a model and with the model's picks (fallbacks as without)`);
  console.log(
    table(
      ['excerpts', 'two excerpts', 'unrelated given one'],
      [
        ['without a model', todayRecall, pct(mean(today.unrelated))],
        ['the model’s picks', mean(judged.recall), pct(mean(judged.unrelated))],
      ],
    ),
  );
  return {
    judged: { excerpts: mean(judged.recall), unrelated: mean(judged.unrelated) },
    ...tally.print(title),
  };
}
