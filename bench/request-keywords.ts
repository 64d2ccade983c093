/**
 * `npm run bench:request-keywords [-- FILE --request-keywords RKW]`: what the request keywords call
 * costs. Every request of a benchmark file (default: the zh dev file) is sent, as the extension
 * sends a draft, with the real SDK and the product's own call (lib/extraction/request-keywords-*)
 * to the local fake Messages API, which answers with that request's keywords from the request
 * keywords file and counts tokens as a model would: the request's system prompt, user text and
 * tool schema in, the tool call out, by the reference Claude tokenizer (bench/lib/reference-
 * tokens.ts; it predates Claude 3, so a reference, not the bill). Prints tokens in and out per
 * request, the cost per conversation start at the list prices of lib/provider/presets.ts, and the
 * time from the user's pause to keywords in hand: the pause the extension waits for plus the
 * call's own time here (a real model adds its answer time).
 */
import { performance } from 'node:perf_hooks';
import { createClient } from '../lib/model/client';
import { toolInputSchema } from '../lib/model/tool-call';
import { presetOf } from '../lib/provider/presets';
import { callCost } from '../lib/provider/pricing';
import { requestKeywordsCall } from '../lib/request-keywords/request-keywords-call';
import {
  REQUEST_KEYWORDS_TOOL_NAME,
  RequestKeywordsAnswerSchema,
} from '../lib/request-keywords/request-keywords-prompt';
import { FakeAnthropicApi, type ReceivedRequest, toolUseMessage } from '../tests/fake-api/server';
import { parseArgs, table } from './lib/cli';
import { readBenchFile } from './lib/dataset';
import { mean, percentile } from './lib/metrics';
import { referenceTokens } from './lib/reference-tokens';
import { readRequestKeywords } from './lib/request-keywords-file';

const DEFAULT_FILE = '../shared/bench/zh-dev.json';
const DEFAULT_KEYWORDS = '../shared/bench/keywords/zh-dev.requests.json';
/** The page's typing pause (lib/content/injector.ts) plus the background's (entrypoints/background/request-keywords.ts). */
const PAUSE_MS = 200 + 600;
const MODELS: readonly [provider: string, model: string][] = [
  ['anthropic', 'claude-haiku-4-5'],
  ['anthropic', 'claude-sonnet-4-5'],
  ['deepseek', 'deepseek-v4-flash'],
  ['ollama', 'qwen3-coder'],
  ['llamacpp', 'local-model'],
];

interface Body {
  system: string;
  tools: { input_schema: unknown }[];
  messages: { content: string }[];
}

function usageOf(req: ReceivedRequest, answer: unknown) {
  const body = req.body as Body;
  const input =
    referenceTokens(body.system) +
    referenceTokens(body.messages[0]?.content ?? '') +
    referenceTokens(JSON.stringify(body.tools));
  return { input_tokens: input, output_tokens: referenceTokens(JSON.stringify(answer)) };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const file = args.files[0] ?? DEFAULT_FILE;
  const keywords = readRequestKeywords(args.requestKeywords ?? DEFAULT_KEYWORDS);
  const queries = readBenchFile(file).cases.flatMap((c) => c.queries);
  const api = new FakeAnthropicApi();
  await api.start();
  const byDraft = new Map(queries.map((q) => [q.text, keywords.keywords[q.id] ?? []]));
  api.respondWith((req) => {
    const draft = /^1\. (.*)$/m.exec((req.body as Body).messages[0]?.content ?? '')?.[1] ?? '';
    const input = { items: [{ index: 1, keywords: byDraft.get(draft) ?? [] }] };
    return { body: toolUseMessage(REQUEST_KEYWORDS_TOOL_NAME, input, usageOf(req, input)) };
  });
  const client = createClient({ apiKey: 'sk-bench', baseUrl: api.url, auth: 'x-api-key', timeoutMs: 10_000 });
  const rows: { input: number; output: number; ms: number; kept: number }[] = [];
  try {
    for (const q of queries) {
      const t0 = performance.now();
      const r = await requestKeywordsCall(client, 'claude-haiku-4-5', q.text, AbortSignal.timeout(10_000));
      const ms = performance.now() - t0;
      if (r.problem !== null) throw new Error(`${q.id}: ${r.problem}`);
      rows.push({ input: r.inputTokens, output: r.outputTokens, ms, kept: r.answer.items[0]?.keywords.length ?? 0 });
    }
  } finally {
    await api.stop();
  }
  const input = rows.map((r) => r.input);
  const output = rows.map((r) => r.output);
  const ms = rows.map((r) => r.ms);
  console.log(`${rows.length} requests of ${file}, keywords from ${keywords.model} (prompt ${keywords.prompt})`);
  console.log(`tool schema: ${JSON.stringify(toolInputSchema(RequestKeywordsAnswerSchema)).length} characters`);
  console.log(
    table(
      ['', 'mean', 'p50', 'p95', 'max'],
      [
        ['tokens in', mean(input), percentile(input, 50), percentile(input, 95), Math.max(...input)],
        ['tokens out', mean(output), percentile(output, 50), percentile(output, 95), Math.max(...output)],
        ['call, ms (fake server)', mean(ms), percentile(ms, 50), percentile(ms, 95), Math.max(...ms)],
        [
          'pause to keywords, ms',
          PAUSE_MS + mean(ms),
          PAUSE_MS + percentile(ms, 50),
          PAUSE_MS + percentile(ms, 95),
          PAUSE_MS + Math.max(...ms),
        ],
      ],
    ),
  );
  console.log('\nCost of one call (one conversation start; at most 3 if the draft is rewritten):');
  const costRows = MODELS.map(([provider, model]) => {
    const c = callCost(model, provider, mean(input), mean(output));
    if (presetOf(provider)?.local) return [`${provider} ${model}`, 'free (on this computer)', '0'];
    if (!c.known) return [`${provider} ${model}`, 'price unknown', '—'];
    return [
      `${provider} ${model}`,
      `${c.amount.toFixed(5)} ${c.currency}`,
      `${(c.amount * 1000).toFixed(3)} ${c.currency}`,
    ];
  });
  console.log(table(['provider, model', 'per start', 'per 1,000 starts'], costRows));
}

void main();
