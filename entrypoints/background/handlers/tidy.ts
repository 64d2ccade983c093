/**
 * Tidy-up: local groups first (no model), the estimate of calls, tokens and price before any
 * call, then one call per batch of groups under the daily token cap (the per-site half cap is
 * for sites; this is the user's own action), each answer checked and stored as proposals at
 * once, so the cap or Cancel stops the run with what is done. Accepting, rejecting and undoing
 * proposals are separate messages: nothing changes the memories before the user accepts.
 */
import { backupBefore } from '../../../lib/db/backup-policy';
import { listMemories } from '../../../lib/db/memories';
import { loadApiKey, loadSettings } from '../../../lib/db/settings-store';
import { acceptTidyProposals, TidyEditRefused, undoTidyProposal } from '../../../lib/db/tidy-accept';
import {
  clearTidyProposals,
  memoriesOfProposals,
  rejectTidyProposals,
  storeTidyProposals,
} from '../../../lib/db/tidy-proposals';
import { lastTidyCount, rememberTidyCount, SUGGEST_AFTER, shouldSuggest } from '../../../lib/db/tidy-suggest';
import { UndoUnavailable } from '../../../lib/db/undo-log';
import { recordCallUsage, usageDelta, usageOfDay } from '../../../lib/db/usage';
import { createClient, DEFAULT_TIMEOUT_MS } from '../../../lib/model/client';
import { forcedToolCall } from '../../../lib/model/tool-call';
import { MessageError } from '../../../lib/protocol/define';
import { authOf, needsKey } from '../../../lib/provider/presets';
import { callCost } from '../../../lib/provider/pricing';
import type { Settings } from '../../../lib/settings/schema';
import { checkTidyAnswer } from '../../../lib/tidy/answer';
import { planTidy } from '../../../lib/tidy/plan';
import {
  estimateTidyBatch,
  TIDY_SYSTEM,
  TIDY_TOOL_NAME,
  TidyAnswerSchema,
  type TidyBatchGroup,
  tidyMaxTokens,
  tidyUserText,
} from '../../../lib/tidy/prompt';
import { now, utcDay } from '../../../lib/time';
import type { WorkHandle } from '../../../lib/work/tracker';
import type { HandlerGroup } from '../router';
import { tracked } from './work';

/** A run may cost this much more than the estimate the user confirmed (the store moved on meanwhile). */
const ESTIMATE_SLACK = 1.25;

async function activeMemories() {
  return listMemories({ status: 'active' });
}

async function usedToday(): Promise<number> {
  const today = await usageOfDay(utcDay());
  return today.inputTokens + today.outputTokens;
}

function clientFor(settings: Settings, apiKey: string | null) {
  return createClient({ apiKey, baseUrl: settings.baseUrl, auth: authOf(settings), timeoutMs: DEFAULT_TIMEOUT_MS });
}

function askModel(
  client: ReturnType<typeof createClient>,
  model: string,
  groups: readonly TidyBatchGroup[],
  signal: AbortSignal,
) {
  return forcedToolCall(
    client,
    {
      model,
      maxTokens: tidyMaxTokens(groups),
      system: TIDY_SYSTEM,
      tool: {
        name: TIDY_TOOL_NAME,
        description: 'Propose one action for each group of notes.',
        schema: TidyAnswerSchema,
      },
      user: tidyUserText(groups),
    },
    signal,
  );
}

type RunResult = {
  proposals: number;
  keptAll: number;
  foreignIds: number;
  invalid: number;
  privacyDropped: number;
  unanswered: number;
  failedCalls: number;
  callsDone: number;
  calls: number;
  stopped: 'cap' | 'cancelled' | null;
  inputTokens: number;
  outputTokens: number;
};

async function runTidy(work: WorkHandle, confirmedTokens: number): Promise<RunResult> {
  const [settings, apiKey] = await Promise.all([loadSettings(), loadApiKey()]);
  if (!apiKey && needsKey(settings))
    throw new MessageError('bad_request', 'No API key is set: add one in Settings to tidy up with the model.');
  const active = await activeMemories();
  const plan = planTidy(active);
  if (plan.inputTokens + plan.outputTokens > confirmedTokens * ESTIMATE_SLACK + 500)
    throw new MessageError('bad_request', 'Your memories changed since the estimate: look at the new estimate first.');
  await clearTidyProposals();
  const runId = crypto.randomUUID();
  const client = clientFor(settings, apiKey);
  const out: RunResult = {
    proposals: 0,
    keptAll: 0,
    foreignIds: 0,
    invalid: 0,
    privacyDropped: 0,
    unanswered: 0,
    failedCalls: 0,
    callsDone: 0,
    calls: plan.calls,
    stopped: null,
    inputTokens: 0,
    outputTokens: 0,
  };
  work.phase('call', plan.calls);
  for (const batch of plan.batches) {
    if (work.signal.aborted) {
      out.stopped = 'cancelled';
      break;
    }
    const estimate = estimateTidyBatch(batch);
    if (
      settings.dailyTokenCap > 0 &&
      (await usedToday()) + estimate.inputTokens + estimate.outputTokens > settings.dailyTokenCap
    ) {
      out.stopped = 'cap';
      break;
    }
    let result: Awaited<ReturnType<typeof askModel>>;
    try {
      result = await askModel(client, settings.model, batch, work.signal);
    } catch (error) {
      if (!work.signal.aborted) throw error;
      out.stopped = 'cancelled';
      break;
    }
    out.callsDone++;
    out.inputTokens += result.inputTokens;
    out.outputTokens += result.outputTokens;
    // Billed whether or not the answer is usable, so counted before it is checked.
    const cost = callCost(settings.model, settings.provider, result.inputTokens, result.outputTokens);
    await recordCallUsage(now(), usageDelta(result, cost), null);
    if (result.problem !== null) out.failedCalls++;
    else {
      const check = checkTidyAnswer(batch, result.answer, settings.privacyPatterns);
      await storeTidyProposals(runId, check.drafts, out.proposals);
      out.proposals += check.drafts.length;
      out.keptAll += check.keptAll;
      out.foreignIds += check.foreignIds;
      out.invalid += check.invalid;
      out.privacyDropped += check.privacyDropped;
      out.unanswered += check.unanswered;
    }
    work.advance();
  }
  if (out.stopped === null) await rememberTidyCount(active.length);
  return out;
}

export const tidyHandlers: HandlerGroup<
  'tidy.status' | 'tidy.dismiss' | 'tidy.estimate' | 'tidy.run' | 'tidy.accept' | 'tidy.reject' | 'tidy.undo'
> = {
  'tidy.status': async () => {
    const active = (await activeMemories()).length;
    const last = await lastTidyCount();
    return { active, grown: active - last, suggest: shouldSuggest(active, last), threshold: SUGGEST_AFTER };
  },
  /** "Not now": the suggestion comes back after the store grows as much again. */
  'tidy.dismiss': async () => {
    await rememberTidyCount((await activeMemories()).length);
    return {};
  },
  'tidy.estimate': async () => {
    const settings = await loadSettings();
    const active = await activeMemories();
    const plan = planTidy(active);
    // Nothing to ask about counts as a tidy-up: the suggestion waits for the store to grow again.
    if (plan.groups === 0) await rememberTidyCount(active.length);
    return {
      groups: plan.groups,
      memories: plan.memories,
      calls: plan.calls,
      tooLarge: plan.tooLarge,
      inputTokens: plan.inputTokens,
      outputTokens: plan.outputTokens,
      cost: callCost(settings.model, settings.provider, plan.inputTokens, plan.outputTokens),
      usedToday: await usedToday(),
      cap: settings.dailyTokenCap,
    };
  },
  'tidy.run': ({ confirmedTokens }) => tracked('tidy', (work) => runTidy(work, confirmedTokens)),
  'tidy.accept': async ({ ids, text }) => {
    await backupBefore('before tidy-up', await memoriesOfProposals(ids));
    try {
      return await acceptTidyProposals(ids, text);
    } catch (error) {
      if (error instanceof TidyEditRefused) throw new MessageError('bad_request', error.message);
      throw error;
    }
  },
  'tidy.reject': async ({ ids }) => ({ rejected: await rejectTidyProposals(ids) }),
  'tidy.undo': async ({ id }) => {
    try {
      return await undoTidyProposal(id);
    } catch (error) {
      if (error instanceof UndoUnavailable) throw new MessageError('bad_request', error.message);
      throw error;
    }
  },
};
