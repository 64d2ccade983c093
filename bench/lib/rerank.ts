/**
 * The judging request keywords call in a benchmark (`--rerank-prompts DIR`, `--rerank-answers
 * DIR`). The model's output is not available here, so the benches write each request's exact
 * request (the Messages API body the extension sends, lib/model/tool-call.ts toolRequestBody,
 * one JSON file per request id) for a model to be run on outside, and read its answers back:
 * a file holding the tool's input (`{"items": [...]}`) or a whole Messages API reply. An
 * answer is read as the extension reads one (lib/request-keywords/judge-answer.ts): a request
 * with no answer file, a malformed answer or one naming numbers it was not shown falls back to
 * the ranking without a model, and each is counted. Input tokens are counted as
 * bench:extraction counts them (lib/ranking/tokens.ts estimateTokens over the system prompt,
 * the user message and the tool as sent), for the keywords-only call and the judging call.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toolRequestBody } from '../../lib/model/tool-call';
import { estimateTokens } from '../../lib/ranking/tokens';
import { type JudgedPicks, picksOf } from '../../lib/request-keywords/judge-answer';
import { type JudgeCandidates, NO_CANDIDATES } from '../../lib/request-keywords/judge-candidates';
import { JudgedAnswerSchema } from '../../lib/request-keywords/judge-prompt';
import { requestKeywordsRequest } from '../../lib/request-keywords/request-keywords-call';
import { keywordsOfRequest } from '../../lib/request-keywords/request-keywords-prompt';
import { defaultSettings } from '../../lib/settings/schema';
import { table } from './cli';
import { mean, percentile } from './metrics';

export interface RerankDirs {
  prompts: string | null;
  answers: string | null;
}

/** What one request's answer file gave: picks and keywords, or why the ranking fell back. */
export type RerankAnswer =
  | { kind: 'judged'; picks: JudgedPicks; keywords: string[] }
  | { kind: 'missing' | 'malformed' | 'unknown-numbers' | 'no-candidates' };

const MODEL = defaultSettings().model;

/** A request id as a file name: one file per id, nothing outside the folder. */
export function fileOf(dir: string, id: string): string {
  return join(dir, `${id.replace(/[^A-Za-z0-9._-]/g, '_')}.json`);
}

function bodyOf(draft: string, candidates: JudgeCandidates) {
  return toolRequestBody(requestKeywordsRequest(MODEL, draft, candidates) as never);
}

/** Input tokens of the request as sent, counted as bench:extraction counts them. */
function inputTokens(draft: string, candidates: JudgeCandidates): number {
  const body = bodyOf(draft, candidates);
  const user = body.messages[0]?.content ?? '';
  return estimateTokens(body.system) + estimateTokens(user) + estimateTokens(JSON.stringify(body.tools[0]));
}

export function writePrompt(dir: string, id: string, draft: string, candidates: JudgeCandidates): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(fileOf(dir, id), `${JSON.stringify(bodyOf(draft, candidates), null, 2)}\n`);
}

/** The tool input of an answer file: given as is, or inside a Messages API reply. */
function toolInput(raw: unknown): unknown {
  const content = (raw as { content?: { type?: string; input?: unknown }[] } | null)?.content;
  if (!Array.isArray(content)) return raw;
  return content.find((b) => b?.type === 'tool_use')?.input ?? null;
}

export function readAnswer(dir: string, id: string, candidates: JudgeCandidates): RerankAnswer {
  if (candidates.memories.length === 0 && candidates.chats.length === 0) return { kind: 'no-candidates' };
  const path = fileOf(dir, id);
  if (!existsSync(path)) return { kind: 'missing' };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return { kind: 'malformed' };
  }
  const parsed = JudgedAnswerSchema.safeParse(toolInput(raw));
  if (!parsed.success) return { kind: 'malformed' };
  const { picks, problem } = picksOf(parsed.data, candidates);
  if (problem === 'unknown-numbers') return { kind: 'unknown-numbers' };
  return { kind: 'judged', picks, keywords: keywordsOfRequest(parsed.data) };
}

/** Per request: its tokens before and after, and what its answer gave. */
export class RerankTally {
  readonly before: number[] = [];
  readonly after: number[] = [];
  readonly outcomes = new Map<RerankAnswer['kind'], number>();
  /** Per request: the share of its evidence among the candidates shown (what a perfect judge could keep). */
  readonly shown: number[] = [];

  constructor(readonly dirs: RerankDirs) {}

  /** Writes the request (with --rerank-prompts) and reads its answer (with --rerank-answers). */
  take(id: string, draft: string, candidates: JudgeCandidates, shown?: number): RerankAnswer | null {
    if (shown !== undefined) this.shown.push(shown);
    this.before.push(inputTokens(draft, NO_CANDIDATES));
    this.after.push(inputTokens(draft, candidates));
    if (this.dirs.prompts) writePrompt(this.dirs.prompts, id, draft, candidates);
    if (!this.dirs.answers) return null;
    const answer = readAnswer(this.dirs.answers, id, candidates);
    this.outcomes.set(answer.kind, (this.outcomes.get(answer.kind) ?? 0) + 1);
    return answer;
  }

  merge(other: RerankTally): this {
    this.before.push(...other.before);
    this.after.push(...other.after);
    this.shown.push(...other.shown);
    for (const [k, n] of other.outcomes) this.outcomes.set(k, (this.outcomes.get(k) ?? 0) + n);
    return this;
  }

  print(title: string): Record<string, unknown> {
    const row = (name: string, list: number[]) => [
      name,
      list.length,
      mean(list),
      percentile(list, 50),
      percentile(list, 95),
    ];
    console.log(`\n${title}: the request keywords call's input tokens (estimate, as bench:extraction counts)`);
    console.log(
      table(
        ['call', 'requests', 'mean', 'p50', 'p95'],
        [row('before: keywords only', this.before), row('after: keywords + judging', this.after)],
      ),
    );
    const outcomes = Object.fromEntries(this.outcomes);
    if (this.shown.length > 0)
      console.log(`evidence among the candidates shown (an upper bound for any judge): ${mean(this.shown).toFixed(3)}`);
    if (this.dirs.answers) {
      const n = this.before.length;
      const judged = this.outcomes.get('judged') ?? 0;
      console.log(
        `answers from ${this.dirs.answers}: ${judged} of ${n} judged; fell back: ${n - judged} (${['missing', 'malformed', 'unknown-numbers', 'no-candidates'].map((k) => `${k} ${this.outcomes.get(k as RerankAnswer['kind']) ?? 0}`).join(', ')})`,
      );
    }
    return {
      inputTokens: {
        before: { mean: mean(this.before), p95: percentile(this.before, 95) },
        after: { mean: mean(this.after), p95: percentile(this.after, 95) },
      },
      outcomes,
      ...(this.shown.length > 0 ? { evidenceShown: mean(this.shown) } : {}),
    };
  }
}
