/**
 * One request keywords call made (../request-keywords.ts decides whether and when): the draft
 * and its candidates sent through the provider connection, the tokens counted as usage and
 * against the site's share whether or not the answer is usable, the call listed in Activity
 * (with what it was shown and picked, when it judged), and the answer read: bounded keywords
 * and picks turned back into ids (lib/request-keywords/judge-answer.ts). Null when the call
 * failed (the block is then ranked as without it).
 */
import { addRequestCall } from '../../lib/db/request-calls';
import { spend } from '../../lib/db/site-bounds';
import { recordCallUsage, usageDelta } from '../../lib/db/usage';
import { createClient } from '../../lib/model/client';
import { authOf } from '../../lib/provider/presets';
import { callCost } from '../../lib/provider/pricing';
import { type JudgedPicks, judgedCallOf, picksOf } from '../../lib/request-keywords/judge-answer';
import { hasCandidates, type JudgeCandidates } from '../../lib/request-keywords/judge-candidates';
import { requestKeywordsCall } from '../../lib/request-keywords/request-keywords-call';
import { keywordsOfRequest } from '../../lib/request-keywords/request-keywords-prompt';
import type { Settings } from '../../lib/settings/schema';
import type { SiteId } from '../../lib/sites/ids';
import { now } from '../../lib/time';

/** A keywords answer is small; one that takes longer is not waited for. */
const TIMEOUT_MS = 20_000;

export interface Asked {
  site: SiteId;
  /** The draft as it leaves (filtered). */
  draft: string;
  /** How many secrets the filter took out of it (Activity says so). */
  redacted: number;
  candidates: JudgeCandidates;
}

export interface ModelAnswer {
  keywords: readonly string[];
  /** Null: nothing was judged (no candidates, or the answer's lists were not usable). */
  picks: JudgedPicks | null;
}

export async function askModel(asked: Asked, settings: Settings, apiKey: string | null): Promise<ModelAnswer | null> {
  const { draft, candidates } = asked;
  const client = createClient({ apiKey, baseUrl: settings.baseUrl, auth: authOf(settings), timeoutMs: TIMEOUT_MS });
  const started = performance.now();
  const row = { id: crypto.randomUUID(), site: asked.site, draft: draft.slice(0, 200), redacted: asked.redacted };
  const judging = hasCandidates(candidates);
  try {
    const signal = AbortSignal.timeout(TIMEOUT_MS);
    const result = await requestKeywordsCall(client, settings.model, draft, signal, candidates);
    const { inputTokens, outputTokens } = result;
    const at = now();
    // Billed whether or not the answer is usable, so counted before it is checked.
    const cost = callCost(settings.model, settings.provider, inputTokens, outputTokens);
    await recordCallUsage(at, usageDelta({ inputTokens, outputTokens }, cost), null);
    await spend(asked.site, { tokens: inputTokens + outputTokens }, at, 'record');
    const keywords = result.answer ? keywordsOfRequest(result.answer) : [];
    const judged = result.answer && judging ? picksOf(result.answer, candidates) : null;
    const ms = Math.round(performance.now() - started);
    const activity = judging ? { judged: judgedCallOf(candidates, judged) } : {};
    await addRequestCall({ ...row, at, inputTokens, outputTokens, keywords, problem: result.problem, ms, ...activity });
    return { keywords, picks: judged?.picks ?? null };
  } catch (error) {
    const problem = error instanceof Error ? error.name : 'error';
    const ms = Math.round(performance.now() - started);
    const activity = judging ? { judged: judgedCallOf(candidates, null) } : {};
    await addRequestCall({
      ...row,
      at: now(),
      inputTokens: 0,
      outputTokens: 0,
      keywords: [],
      problem,
      ms,
      ...activity,
    });
    return null;
  }
}
