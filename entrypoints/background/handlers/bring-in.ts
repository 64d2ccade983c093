/**
 * "Bring in memories": the dry run shown in the preview, the commit (after a backup, through
 * the extraction's merge), and the one batched model call that refines types and importance.
 * Each runs as tracked long work: progress in the panel, cancellable before it commits.
 */

import { refineCall } from '../../../lib/bring-in/refine-call';
import { estimateRefine } from '../../../lib/bring-in/refine-prompt';
import { createBackup } from '../../../lib/db/backups';
import { checkBringIn, commitBringIn } from '../../../lib/db/bring-in';
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

export const bringInHandlers: HandlerGroup<'bringIn.check' | 'bringIn.commit' | 'bringIn.refine'> = {
  'bringIn.check': ({ items }) =>
    tracked('bringIn', async (work) => {
      const { privacyPatterns } = await loadSettings();
      return { checks: await checkBringIn(items, privacyPatterns, work) };
    }),
  'bringIn.commit': ({ items }) =>
    tracked('bringIn', async (work) => {
      const { privacyPatterns } = await loadSettings();
      work.phase('backup');
      await createBackup('before bring-in');
      work.checkpoint();
      return commitBringIn(items, privacyPatterns, work);
    }),
  'bringIn.refine': ({ items }) =>
    tracked('refine', async (work) => {
      const [settings, apiKey] = await Promise.all([loadSettings(), loadApiKey()]);
      // The same connection as extraction: the preset's auth style, and no key for a local server.
      if (!apiKey && needsKey(settings))
        throw new MessageError('bad_request', 'No API key is set: add one in Settings to refine with the model.');
      const estimate = estimateRefine(items);
      await checkCap(settings.dailyTokenCap, estimate.inputTokens + estimate.outputTokens, 'refining');
      work.phase('call', items.length);
      const auth = authOf(settings);
      const client = createClient({ apiKey, baseUrl: settings.baseUrl, auth, timeoutMs: DEFAULT_TIMEOUT_MS });
      const result = await refineCall(client, settings.model, items, work.signal);
      const { inputTokens, outputTokens } = result;
      // Billed whether or not the answer is usable, so counted before a malformed one fails.
      const cost = callCost(settings.model, settings.provider, inputTokens, outputTokens);
      await recordCallUsage(now(), usageDelta({ inputTokens, outputTokens }, cost), null);
      if (result.problem !== null) throw new MessageError('failed', result.problem);
      work.set(items.length);
      return { items: result.answer.items, inputTokens, outputTokens };
    }),
};
