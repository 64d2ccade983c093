/**
 * Prints what one extraction costs for the realistic 20-message fixture chat
 * (tests/fixtures/extraction/chat-20-turns.json): the request's input tokens and the answer's
 * output tokens, by the product's own estimate (lib/ranking/render.ts estimateTokens: CJK ≈ 1
 * token per character, other text ≈ 4 characters per token), and how many memories come out
 * once the scripted answer is merged with the three memories stored before the chat.
 *
 *   node --import tsx --import ./bench/lib/raw-register.mjs bench/extraction-request.ts
 */

import { TOOL_OVERHEAD_TOKENS } from '../lib/extraction/estimate';
import { buildPrompt } from '../lib/extraction/extract-prompt';
import { SAVE_MEMORIES_TOOL } from '../lib/extraction/extract-schema';
import { planMerge } from '../lib/extraction/merge';
import { planWindows, prepareTurns } from '../lib/extraction/transcript';
import { costUsd } from '../lib/provider/pricing';
import { estimateTokens } from '../lib/ranking/render';
import { MemoryIndex } from '../lib/ranking/retrieve';
import { answerWithAliases, existingRecords, loadTwentyTurns } from '../tests/unit/extraction/twenty-turns';

const AT = '2026-11-01T12:00:00.000Z';
const fixture = loadTwentyTurns();
const existing = existingRecords(fixture, '2026-10-01T00:00:00.000Z');
const turns = fixture.turns.map((t) => ({ ...t, at: AT }));
const prepared = prepareTurns(turns, []);
const windows = planWindows(prepared.turns);
const index = new MemoryIndex();
for (const m of existing) index.upsert(m);
const related = [
  ...new Map(
    prepared.turns
      .filter((t) => t.role === 'user')
      .flatMap((t) => index.rank(t.text, { site: fixture.site, now: Date.parse(AT), limit: 20 }))
      .map((r) => [r.memory.id, r.memory]),
  ).values(),
];
const window = windows[0]!;
const prompt = buildPrompt({
  site: fixture.site,
  title: fixture.title,
  window,
  related,
  previousSummary: '',
  privacyPatterns: [],
});
const idOfAlias = new Map([...prompt.aliases].map(([alias, id]) => [id, alias]));
const answer = answerWithAliases(fixture, (id) => idOfAlias.get(id) ?? id);

const system = estimateTokens(prompt.system);
const user = estimateTokens(prompt.user);
const transcript = prepared.turns.reduce((n, t) => n + t.tokens, 0);
const tool = estimateTokens(JSON.stringify(SAVE_MEMORIES_TOOL));
const input = system + user + tool;
const output = estimateTokens(JSON.stringify(answer));
const plan = planMerge(answer.memories, {
  active: existing,
  aliases: prompt.aliases,
  source: { site: fixture.site, url: fixture.url, chatId: `${fixture.site}:${fixture.conversationId}` },
  patterns: [],
  now: AT,
});
const fresh = plan.writes.filter((m) => !existing.some((e) => e.id === m.id));

console.log(
  `chat: ${fixture.turns.length} messages, ${turns.reduce((n, t) => n + t.text.length, 0)} characters; ${windows.length} window(s); ${related.length} related memories sent`,
);
console.log(
  `input tokens (estimate): ${input} = system ${system} + user message ${user} (transcript ${transcript}) + tool schema ${tool}`,
);
console.log(
  `  the API adds its own tool-use system prompt (~${TOOL_OVERHEAD_TOKENS - tool} tokens), not in the figure above`,
);
console.log(`output tokens (estimate of the tool input): ${output}`);
console.log(
  `memories out: ${answer.memories.length} items → ${fresh.length} new records; stats ${JSON.stringify(plan.stats)}`,
);
console.log(
  `cost at claude-haiku-4-5 list price: $${costUsd('claude-haiku-4-5', input + TOOL_OVERHEAD_TOKENS - tool, output).toFixed(5)}`,
);
