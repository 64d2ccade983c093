/**
 * The benchmarks' rerank files (bench/lib/rerank.ts): a request is written exactly as the
 * extension sends it, and an answer file is read as the extension reads an answer: the tool's
 * input or a whole Messages API reply is used; a missing file, a file that is not JSON, an
 * answer that fails the schema and one naming a number it was not shown fall back, each counted.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileOf, RerankTally, readAnswer, writePrompt } from '../../../bench/lib/rerank';
import { toolRequestBody } from '../../../lib/model/tool-call';
import type { JudgeCandidates } from '../../../lib/request-keywords/judge-candidates';
import { requestKeywordsRequest } from '../../../lib/request-keywords/request-keywords-call';
import { defaultSettings } from '../../../lib/settings/schema';
import { toolUseMessage } from '../../fake-api/server';

const candidates: JudgeCandidates = {
  memories: [
    { id: 'm-a', type: 'fact', text: 'User keeps bees on a balcony' },
    { id: 'm-b', type: 'fact', text: 'User lives in Vienna' },
  ],
  chats: [],
};
const DRAFT = 'how should I get my beehives ready for winter';

function dir() {
  return mkdtempSync(join(tmpdir(), 'rerank-bench-'));
}

describe('rerank benchmark files', () => {
  it('writes the request as the extension sends it, one file per id', () => {
    const d = dir();
    writePrompt(d, 'conv-1/q 7', DRAFT, candidates);
    const written = JSON.parse(readFileSync(fileOf(d, 'conv-1/q 7'), 'utf8'));
    expect(fileOf(d, 'conv-1/q 7')).toBe(join(d, 'conv-1_q_7.json'));
    const sent = toolRequestBody(requestKeywordsRequest(defaultSettings().model, DRAFT, candidates) as never);
    expect(written).toEqual(JSON.parse(JSON.stringify(sent)));
  });

  it('reads the tool input or a whole reply; falls back on a missing, broken, malformed or unknown-number answer', () => {
    const d = dir();
    const items = (memories: unknown) => ({ items: [{ index: 1, keywords: ['bees'], memories }] });
    writeFileSync(fileOf(d, 'input'), JSON.stringify(items([2, 1])));
    writeFileSync(fileOf(d, 'reply'), JSON.stringify(toolUseMessage('add_request_keywords', items([1]))));
    writeFileSync(fileOf(d, 'broken'), '{"items": [');
    writeFileSync(fileOf(d, 'malformed'), JSON.stringify(items(['one'])));
    writeFileSync(fileOf(d, 'unknown'), JSON.stringify(items([1, 3])));
    expect(readAnswer(d, 'input', candidates)).toEqual({
      kind: 'judged',
      picks: { memories: ['m-b', 'm-a'], chats: null },
      keywords: ['bees'],
    });
    expect(readAnswer(d, 'reply', candidates)).toMatchObject({ kind: 'judged', picks: { memories: ['m-a'] } });
    expect(readAnswer(d, 'missing', candidates).kind).toBe('missing');
    expect(readAnswer(d, 'broken', candidates).kind).toBe('malformed');
    expect(readAnswer(d, 'malformed', candidates).kind).toBe('malformed');
    expect(readAnswer(d, 'unknown', candidates).kind).toBe('unknown-numbers');
    expect(readAnswer(d, 'input', { memories: [], chats: [] }).kind).toBe('no-candidates');
  });

  it('counts each outcome, and the judging call costs more input tokens than keywords alone', () => {
    const d = dir();
    writeFileSync(fileOf(d, 'a'), JSON.stringify({ items: [{ index: 1, keywords: [], memories: [1] }] }));
    const tally = new RerankTally({ prompts: null, answers: d });
    tally.take('a', DRAFT, candidates);
    tally.take('b', DRAFT, candidates);
    expect(Object.fromEntries(tally.outcomes)).toEqual({ judged: 1, missing: 1 });
    expect(tally.after[0]).toBeGreaterThan(tally.before[0] as number);
  });
});
