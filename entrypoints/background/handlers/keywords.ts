/**
 * "Add keywords": memories without search keywords (imported, brought in, or older than
 * keywords) get them from the model, in batches, over the same connection, key and daily
 * token cap as extraction. The estimate comes first (the panel shows it before the user
 * confirms). Each batch is stored by itself once its answer checks out: a malformed answer
 * stores nothing for its batch, and cancelling stops before the next batch, keeping the ones
 * done (the reply says how many).
 */

import { keywordsCall } from '../../../lib/add-keywords/keywords-call';
import {
  estimateKeywordBatch,
  estimateKeywords,
  keywordBatches,
  keywordsOfBatch,
} from '../../../lib/add-keywords/keywords-prompt';
import { memoriesWithoutKeywords, saveKeywords } from '../../../lib/db/keywords-fill';
import { loadApiKey, loadSettings } from '../../../lib/db/settings-store';
import { recordCallUsage, usageDelta } from '../../../lib/db/usage';
import { createClient, DEFAULT_TIMEOUT_MS } from '../../../lib/model/client';
import { MessageError } from '../../../lib/protocol/define';
import { authOf, needsKey } from '../../../lib/provider/presets';
import { callCost } from '../../../lib/provider/pricing';
import { now } from '../../../lib/time';
import type { HandlerGroup } from '../router';
import { checkCap } from './token-cap';
import { tracked } from './work';

export const keywordsHandlers: HandlerGroup<'keywords.estimate' | 'keywords.add'> = {
  'keywords.estimate': async () => {
    const list = await memoriesWithoutKeywords();
    return { count: list.length, ...estimateKeywords(list.map((m) => m.content)) };
  },
  'keywords.add': () =>
    tracked('keywords', async (work) => {
      const [settings, apiKey] = await Promise.all([loadSettings(), loadApiKey()]);
      if (!apiKey && needsKey(settings))
        throw new MessageError('bad_request', 'No API key is set: add one in Settings to add keywords with the model.');
      const list = await memoriesWithoutKeywords();
      const client = createClient({
        apiKey,
        baseUrl: settings.baseUrl,
        auth: authOf(settings),
        timeoutMs: DEFAULT_TIMEOUT_MS,
      });
      const totals = { updated: 0, failed: 0, inputTokens: 0, outputTokens: 0, stopped: false };
      work.phase('call', list.length);
      for (const batch of keywordBatches(list)) {
        if (work.signal.aborted) {
          totals.stopped = true;
          break;
        }
        const contents = batch.map((m) => m.content);
        const estimate = estimateKeywordBatch(contents);
        const done = totals.updated > 0 ? ` ${totals.updated} memories got keywords before the cap.` : '';
        await checkCap(settings.dailyTokenCap, estimate.inputTokens + estimate.outputTokens, 'adding keywords', done);
        let result: Awaited<ReturnType<typeof keywordsCall>>;
        try {
          result = await keywordsCall(client, settings.model, contents, work.signal);
        } catch (error) {
          if (!work.signal.aborted) throw error;
          totals.stopped = true;
          break;
        }
        const { inputTokens, outputTokens } = result;
        totals.inputTokens += inputTokens;
        totals.outputTokens += outputTokens;
        // Billed whether or not the answer is usable, so counted before it is checked.
        const cost = callCost(settings.model, settings.provider, inputTokens, outputTokens);
        await recordCallUsage(now(), usageDelta({ inputTokens, outputTokens }, cost), null);
        if (result.problem !== null) totals.failed += batch.length;
        else totals.updated += await saveKeywords(keywordsOfBatch(batch, result.answer));
        work.advance(batch.length);
      }
      return totals;
    }),
};
