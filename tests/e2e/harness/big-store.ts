/**
 * A synthetic store of N memories (default 10,000), half English and half Chinese, distinct
 * enough that import de-duplication keeps every one. Deterministic: the same N gives the same
 * store, so the figures from the e2e measurement and the Node bench compare.
 */
const EN_SUBJECTS = [
  'Postgres',
  'FastAPI',
  'marathon training',
  'the billing service',
  'Kubernetes',
  'piano lessons',
  'a trip to Kyoto',
  'React Native',
  'sourdough baking',
  'the tax return',
];
const EN_VERBS = [
  'prefers',
  'is migrating',
  'decided against',
  'plans',
  'keeps notes on',
  'asked about',
  'dislikes',
  'is learning',
];
const ZH_SUBJECTS = [
  '成都的房子',
  '预算表',
  '钢琴课',
  '京都旅行',
  '半程马拉松',
  '账单服务',
  '女儿的学校',
  '咖啡和茶',
  '周末羽毛球',
  '年度体检',
];
const ZH_VERBS = ['正在准备', '决定放弃', '更喜欢', '计划', '记录了', '不太喜欢', '在学习', '询问过'];
const TYPES = ['preference', 'fact', 'task', 'conclusion'] as const;
const SITES = ['global', 'global', 'global', 'chatgpt', 'claude', 'kimi', 'deepseek'] as const;

function pick<T>(list: readonly T[], i: number): T {
  return list[i % list.length] as T;
}

function bigMemory(i: number, nowMs: number) {
  const zh = i % 2 === 1;
  const content = zh
    ? `第${i}号记录：${pick(ZH_VERBS, i >> 1)}${pick(ZH_SUBJECTS, i >> 3)}，细节${(i * 7919) % 10007}。`
    : `Note ${i}: ${pick(EN_VERBS, i >> 1)} ${pick(EN_SUBJECTS, i >> 3)} (detail ${(i * 7919) % 10007}).`;
  const created = nowMs - ((i * 37) % 180) * 86_400_000 - i * 1000;
  const hits = (i * 13) % 17 === 0 ? (i % 23) + 1 : 0;
  return {
    id: `big-${i}`,
    content,
    type: pick(TYPES, i),
    importance: (i % 5) + 1,
    tags: [],
    status: i % 41 === 0 ? 'expired' : 'active',
    scope: pick(SITES, i),
    pinned: i % 997 === 0,
    note: '',
    createdAt: new Date(created).toISOString(),
    updatedAt: new Date(created).toISOString(),
    lastHitAt: hits ? new Date(nowMs - (i % 40) * 86_400_000).toISOString() : null,
    hitCount: hits,
    supersededBy: null,
    source: null,
  };
}

export function bigStoreFile(n = 10_000, nowMs = Date.parse('2026-11-30T12:00:00.000Z')) {
  return {
    format: 'claude-mem.memories',
    version: 1,
    exportedAt: new Date(nowMs).toISOString(),
    memories: Array.from({ length: n }, (_, i) => bigMemory(i, nowMs)),
  };
}
