/**
 * `npm run bench:keywords -- FILE --out KEYWORDS.json [--model M] [--dry-run]`: asks a model for the search
 * keywords of every memory of a benchmark file, as the extension does for the memories it
 * stores, and writes them to KEYWORDS.json for `bench:retrieval FILE --keywords KEYWORDS.json`.
 * The endpoint comes from the environment, as for Anthropic's own tools:
 * ANTHROPIC_BASE_URL (default https://api.anthropic.com), and ANTHROPIC_API_KEY (sent as
 * x-api-key) or ANTHROPIC_AUTH_TOKEN (sent as Bearer); neither, for a local server that wants
 * none. It costs tokens: the estimate (the one the panel shows before "Add keywords") is printed
 * first, `--dry-run` stops there, and the real totals are printed at the end.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { estimateKeywords } from '../lib/add-keywords/keywords-prompt';
import { createClient, DEFAULT_TIMEOUT_MS } from '../lib/model/client';
import { setConsentReader } from '../lib/provider/consent-gate';
import { type AuthStyle, presetForBaseUrl, presetOf } from '../lib/provider/presets';
import { callCost } from '../lib/provider/pricing';
import { readBenchFile } from './lib/dataset';
import { fillKeywords } from './lib/fill-keywords';
import { missingFrom, openKeywordCache } from './lib/keyword-cache';

function auth(): { apiKey: string | null; auth: AuthStyle } {
  const env = process.env;
  if (env.ANTHROPIC_API_KEY) return { apiKey: env.ANTHROPIC_API_KEY, auth: 'x-api-key' };
  if (env.ANTHROPIC_AUTH_TOKEN) return { apiKey: env.ANTHROPIC_AUTH_TOKEN, auth: 'bearer' };
  return { apiKey: null, auth: 'none' };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { out: { type: 'string' }, model: { type: 'string' }, 'dry-run': { type: 'boolean' } },
    allowPositionals: true,
  });
  const [file] = positionals;
  const { out } = values;
  if (!file || !out) throw new Error('usage: bench:keywords FILE --out KEYWORDS.json [--model M] [--dry-run]');
  const baseUrl = process.env.ANTHROPIC_BASE_URL ?? 'https://api.anthropic.com';
  // A known provider's default model, as Settings would offer it.
  const preset = presetForBaseUrl(baseUrl);
  const model = values.model ?? (preset ?? presetOf('anthropic'))?.models[0];
  if (!model) throw new Error('--model is needed for this endpoint');
  // Whoever runs this command with their own key and endpoint has chosen to send the bench's
  // memories there: the extension's disclosure is for the extension's users.
  setConsentReader(async () => true);
  const client = createClient({ ...auth(), baseUrl, timeoutMs: DEFAULT_TIMEOUT_MS });
  const cache = openKeywordCache(out, model);
  const memories = readBenchFile(file).cases.flatMap((c) => c.memories);
  const missing = missingFrom(cache, memories);
  const estimate = estimateKeywords(missing.map((m) => m.content));
  const cost = callCost(model, preset?.id ?? 'custom', estimate.inputTokens, estimate.outputTokens);
  console.log(
    `${missing.length} memories to ask ${model} about: about ${estimate.inputTokens} tokens in, ${estimate.outputTokens} out` +
      (cost.known ? ` (${cost.amount.toFixed(3)} ${cost.currency})` : ''),
  );
  if (values['dry-run']) return;
  mkdirSync(dirname(out), { recursive: true });
  const save = () => writeFileSync(out, `${JSON.stringify(cache, null, 1)}\n`);
  const report = await fillKeywords(client, cache, missing, save);
  save();
  console.log(
    `${model}: ${report.filled} of ${report.asked} memories got keywords (${memories.length - report.asked} were already in ${out}); ` +
      `${report.failed} in unusable answers; ${report.inputTokens} tokens in, ${report.outputTokens} out`,
  );
  for (const p of report.problems) console.log(`  unusable answer: ${p}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
