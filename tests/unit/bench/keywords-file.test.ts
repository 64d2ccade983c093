/**
 * The bench's model keywords: `bench:keywords` asks an Anthropic-compatible endpoint (here the
 * loopback fake, through the real SDK) with the product's own keywords call, estimates the cost
 * first, writes a file it can resume, and `bench:retrieval --keywords` ranks with those keywords, printing the product
 * ranker with and without them.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BenchCase, type BenchFile, toRecord } from '../../../bench/lib/dataset';
import { fillKeywords } from '../../../bench/lib/fill-keywords';
import {
  emptyCache,
  missingFrom,
  openKeywordCache,
  readKeywordCache,
  withKeywords,
} from '../../../bench/lib/keyword-cache';
import { KEYWORDS_BATCH, KEYWORDS_TOOL_NAME } from '../../../lib/add-keywords/keywords-prompt';
import { createClient } from '../../../lib/model/client';
import { MemoryIndex } from '../../../lib/ranking/retrieve';
import {
  apiKeyOf,
  FakeAnthropicApi,
  keywordNotesOf,
  type ReceivedRequest,
  toolUseMessage,
} from '../../fake-api/server';

const run = promisify(execFile);
const MODEL = 'claude-haiku-4-5';

/** Keywords that name the note they answer, so the test can tell which memory got which. */
function answerEach(req: ReceivedRequest) {
  const items = keywordNotesOf(req).map((note, i) => ({
    index: i + 1,
    keywords: [note.includes('成都') ? 'home city' : `about ${note}`.slice(0, 40), 'profile', 'profile'],
  }));
  return { body: toolUseMessage(KEYWORDS_TOOL_NAME, { items }, { input_tokens: 400, output_tokens: 90 }) };
}

/** 45 memories in two cases: one batch of 40 and one of 5. */
function benchFile(): BenchFile {
  const memory = (id: string, content: string) => ({ id, content, createdAt: '2026-03-01T10:00:00.000Z' });
  const first: BenchCase = {
    id: 'a',
    memories: [
      memory('a/home', '用户住在成都'),
      ...Array.from({ length: 29 }, (_, i) => memory(`a/${i}`, `User keeps note number ${i} about gardening`)),
    ],
    queries: [{ id: 'a/q', text: 'Which home city should the weather be for?', relevant: ['a/home'] }],
  };
  const second: BenchCase = {
    id: 'b',
    memories: Array.from({ length: 15 }, (_, i) => memory(`b/${i}`, `用户第${i}条关于烘焙的记录`)),
    queries: [{ id: 'b/q', text: '烘焙', relevant: ['b/0'] }],
  };
  return { name: 'keywords test', cases: [first, second] };
}

const memoriesOf = (f: BenchFile) => f.cases.flatMap((c) => c.memories);

describe('model keywords for benchmark memories', () => {
  const api = new FakeAnthropicApi({ auth: 'x-api-key', key: 'sk-ant-bench-0001' });
  const client = () =>
    createClient({ apiKey: 'sk-ant-bench-0001', auth: 'x-api-key', baseUrl: api.url, timeoutMs: 10_000 });
  beforeAll(async () => {
    await api.start();
  });
  afterAll(() => api.stop());
  beforeEach(() => {
    api.reset();
    api.respondWith(answerEach);
  });

  it('asks in the product batches, keeps each memory its own cleaned keywords, and resumes without asking again', async () => {
    const file = benchFile();
    const cache = emptyCache(MODEL);
    let saves = 0;
    const report = await fillKeywords(client(), cache, missingFrom(cache, memoriesOf(file)), () => saves++);
    expect(api.messageRequests().map((r) => keywordNotesOf(r).length)).toEqual([KEYWORDS_BATCH, 5]);
    expect(report).toMatchObject({ asked: 45, filled: 45, failed: 0, inputTokens: 800, outputTokens: 180 });
    expect(saves).toBe(2);
    expect(cache.keywords['a/home']).toEqual(['home city', 'profile']);
    expect(cache.keywords['b/14']).toEqual(['about 用户第14条关于烘焙的记录', 'profile']);

    api.reset();
    const again = await fillKeywords(client(), cache, missingFrom(cache, memoriesOf(file)), () => saves++);
    expect(again.asked).toBe(0);
    expect(api.messageRequests()).toHaveLength(0);
  });

  it('stores nothing from a malformed answer and reports why', async () => {
    api.enqueue({ body: toolUseMessage(KEYWORDS_TOOL_NAME, { items: [{ index: 'one', keywords: [] }] }) });
    const cache = emptyCache(MODEL);
    const report = await fillKeywords(client(), cache, missingFrom(cache, memoriesOf(benchFile())), () => {});
    expect(report).toMatchObject({ asked: 45, filled: 5, failed: 40 });
    expect(report.problems[0]).toMatch(/malformed/);
    expect(cache.keywords['a/home']).toBeUndefined();
    expect(Object.keys(cache.keywords)).toHaveLength(5);
  });

  it('ranks with the keywords: an English request finds a Chinese memory only through them', () => {
    const file = benchFile();
    const cache = emptyCache(MODEL);
    cache.keywords['a/home'] = ['home city', 'Chengdu'];
    const applied = withKeywords(file.cases, cache);
    expect(applied).toMatchObject({ covered: 1, total: 45 });
    const rank = (c: BenchCase) => {
      const index = new MemoryIndex();
      for (const m of c.memories) index.upsert(toRecord(m));
      return index.rank('What is the weather like in Chengdu today?', { site: null, now: Date.parse('2026-03-02') });
    };
    expect(rank(applied.cases[0] as BenchCase)[0]?.memory.id).toBe('a/home');
    expect(rank(file.cases[0] as BenchCase).map((r) => r.memory.id)).not.toContain('a/home');
  });

  it('runs from the command line against the endpoint in the environment, then feeds bench:retrieval', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-keywords-'));
    const data = join(dir, 'bench.json');
    const out = join(dir, 'out', 'keywords.json');
    writeFileSync(data, JSON.stringify(benchFile()));
    const { ANTHROPIC_AUTH_TOKEN: _other, ...inherited } = process.env;
    const env = { ...inherited, ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: 'sk-ant-bench-0001' };
    const dry = await run('npx', ['tsx', 'bench/keywords.ts', data, '--out', out, '--dry-run'], { env });
    expect(dry.stdout).toMatch(/^45 memories to ask claude-haiku-4-5 about: about \d+ tokens in, \d+ out/);
    expect(api.messageRequests()).toHaveLength(0);
    const made = await run('npx', ['tsx', 'bench/keywords.ts', data, '--out', out], { env });
    expect(made.stdout).toContain(`${MODEL}: 45 of 45 memories got keywords`);
    expect(api.messageRequests().map(apiKeyOf)).toEqual(['sk-ant-bench-0001', 'sk-ant-bench-0001']);
    expect(Object.keys(readKeywordCache(out).keywords)).toHaveLength(45);

    // The file belongs to one model and one prompt: another model may not fill it further.
    expect(() => openKeywordCache(out, 'another-model')).toThrow(/made by claude-haiku-4-5/);
    const wrongModel = await run('npx', ['tsx', 'bench/keywords.ts', data, '--out', out, '--model', 'another-model'], {
      env,
    }).catch((e: { code: number; stderr: string }) => e);
    expect(wrongModel).toMatchObject({ code: 1, stderr: expect.stringMatching(/choose another --out/) });

    const ranked = await run('npx', ['tsx', 'bench/retrieval.ts', data, '--keywords', out]);
    expect(ranked.stdout).toContain(`model keywords from ${out} (${MODEL}`);
    expect(ranked.stdout).toContain('45 of 45 memories');
    expect(ranked.stdout).toMatch(/\| claude-mem, no keywords /);
    expect(readFileSync(out, 'utf8')).toContain('"home city"');
  }, 60_000);
});
