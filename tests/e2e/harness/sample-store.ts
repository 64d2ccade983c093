/**
 * A lived-in store for the side-panel tests and screenshots: Chinese and English memories of
 * every type with hits spread over weeks, one superseded pair, a few chats, queue jobs in each
 * state, injections and usage. Times are relative to `now` so "hot" and "cooling" stay true.
 */
const DAY = 86_400_000;

const SEEDS: readonly [string, string, number, number, number | null, string][] = [
  // content, type, importance, hits, days since last hit (null = never), scope
  ['叫我小林；回答尽量简洁，先给代码再解释', 'preference', 5, 14, 0.2, 'global'],
  ['我住在成都，预算是¥2,850,000.00，想买三室的房子 🏠', 'fact', 4, 9, 1, 'global'],
  ['Works as a backend engineer; main stack is Python 3.12, FastAPI and Postgres 16.', 'fact', 4, 11, 0.5, 'global'],
  ['Prefers metric units and 24-hour time.', 'preference', 3, 6, 3, 'global'],
  ['正在把账单服务从 Flask 迁移到 FastAPI，下一步是鉴权中间件', 'task', 3, 5, 2, 'claude'],
  ['Decided against MongoDB for the billing rewrite: needs transactions.', 'conclusion', 4, 4, 9, 'global'],
  ['女儿今年六岁，周末要上钢琴课', 'fact', 3, 3, 20, 'global'],
  ['Training for a half marathon in March; runs Tue/Thu/Sat mornings.', 'task', 3, 7, 25, 'global'],
  ['不喝咖啡了，现在只喝茶', 'preference', 4, 2, 4, 'global'],
  ['Uses Neovim with LazyVim; dislikes VS Code suggestions in answers.', 'preference', 3, 8, 30, 'chatgpt'],
  ['选定了 Tailwind 而不是 Bootstrap 做管理后台', 'conclusion', 3, 1, 40, 'global'],
  ['Allergic to peanuts.', 'fact', 5, 2, 12, 'global'],
  ['计划十月去日本京都旅行，预算两万元', 'task', 3, 0, null, 'kimi'],
  ['Reads papers on retrieval-augmented generation on weekends.', 'fact', 2, 0, null, 'global'],
  ['Team uses trunk-based development with feature flags.', 'fact', 3, 1, 50, 'global'],
  ['希望中文回答里的英文术语不要翻译', 'preference', 4, 5, 6, 'deepseek'],
];

export interface SampleStore {
  file: { format: string; version: number; exportedAt: string; memories: object[]; chats: object[] };
  injections: object[];
  jobs: object[];
  usage: object[];
}

const iso = (ms: number) => new Date(ms).toISOString();

function memories(now: number): object[] {
  const out = SEEDS.map(([content, type, importance, hits, lastDays, scope], i) => ({
    id: `s-${i + 1}`,
    content,
    type,
    importance,
    tags: [],
    status: 'active',
    scope,
    pinned: i === 0,
    note: i === 1 ? '用户亲口说的' : '',
    createdAt: iso(now - (60 - i * 3.5) * DAY),
    updatedAt: iso(now - (60 - i * 3.5) * DAY),
    lastHitAt: lastDays === null ? null : iso(now - lastDays * DAY),
    hitCount: hits,
    supersededBy: null,
    source:
      i % 3 === 0 ? null : { site: 'chatgpt', url: `https://chatgpt.com/c/demo-${i}`, chatId: `chatgpt:demo-${i}` },
  }));
  out.push({
    ...(out[8] as object),
    id: 's-old-coffee',
    content: '喜欢喝美式咖啡',
    status: 'superseded',
    supersededBy: 's-9',
    createdAt: iso(now - 70 * DAY),
    updatedAt: iso(now - 30 * DAY),
    hitCount: 3,
    lastHitAt: iso(now - 35 * DAY),
  } as never);
  return out;
}

function chat(now: number, id: string, site: string, title: string, turns: number) {
  return {
    id: `${site}:${id}`,
    site,
    conversationId: id,
    url: `https://chatgpt.com/c/${id}`,
    title,
    turns: Array.from({ length: turns }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      text: `turn ${i}`,
      at: iso(now - DAY),
    })),
    version: 1,
    state: 'finished',
    summary: '',
    extractedVersion: 0,
    createdAt: iso(now - 2 * DAY),
    updatedAt: iso(now - DAY),
    lastActivityAt: iso(now - DAY),
  };
}

function job(now: number, chatId: string, state: string, lastError: string | null, attempts: number, tokens = 0) {
  return {
    id: `${chatId}@1`,
    chatId,
    chatVersion: 1,
    state,
    attempts,
    nextAttemptAt: iso(now),
    lastError,
    createdAt: iso(now - 3 * 3_600_000),
    updatedAt: iso(now - attempts * 600_000),
    inputTokens: tokens,
    outputTokens: Math.round(tokens / 8),
  };
}

function injection(now: number, i: number, query: string, ids: string[], site = 'chatgpt') {
  return {
    id: `inj-${i}`,
    at: iso(now - i * 0.7 * DAY - 3_600_000),
    site,
    chatId: null,
    url: 'https://chatgpt.com/',
    query,
    tokens: 40 + ids.length * 23,
    items: ids.map((memoryId, k) => ({
      memoryId,
      score: 2.4 - k * 0.35,
      parts: { text: 0.6 - k * 0.1, intent: 0.2, importance: 0.8, recency: 0.15, hits: 0.05, feedback: 0 },
    })),
    feedback: null,
  };
}

export function sampleStore(now: number = Date.now()): SampleStore {
  const chats = [
    chat(now, 'trip', 'kimi', '京都旅行计划', 12),
    chat(now, 'billing', 'claude', 'Billing service migration', 30),
    chat(now, 'piano', 'chatgpt', '钢琴课时间安排', 6),
    chat(now, 'marathon', 'chatgpt', 'Half marathon plan', 8),
  ];
  const queries = [
    '帮我写一个 FastAPI 的鉴权中间件',
    'What should I cook this weekend?',
    '成都哪个区适合买房？',
    'Plan my training week',
  ];
  return {
    file: { format: 'claude-mem.memories', version: 1, exportedAt: iso(now), memories: memories(now), chats },
    jobs: [
      job(now, 'kimi:trip', 'pending', null, 0),
      job(
        now,
        'claude:billing',
        'failed',
        '401 {"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}',
        2,
      ),
      job(now, 'chatgpt:piano', 'running', null, 1),
      job(now, 'chatgpt:marathon', 'done', null, 1, 2400),
    ],
    injections: Array.from({ length: 24 }, (_, i) =>
      injection(now, i, queries[i % queries.length] ?? '', i % 2 ? ['s-3', 's-5'] : ['s-1', 's-2', 's-12']),
    ),
    usage: [
      { day: iso(now).slice(0, 10), inputTokens: 52_000, outputTokens: 6_100, costUsd: 0.083, calls: 14 },
      { day: iso(now - 3 * DAY).slice(0, 10), inputTokens: 80_000, outputTokens: 9_000, costUsd: 0.125, calls: 20 },
    ],
  };
}
