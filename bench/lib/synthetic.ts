/**
 * Deterministic synthetic memory stores for the scale benchmark: half English, half Chinese,
 * some mixed, with a Zipf-like vocabulary (a few very common words, a long tail of rare ones)
 * so postings lists have realistic lengths. Every memory carries model-like keywords, as every
 * extracted memory does in use: a category from a small shared set (the model reuses a few),
 * words of the same language and words of the other one, drawn from the same vocabulary.
 * Same seed, same store, on every machine.
 */
import type { MemoryRecord, MemoryType } from '../../lib/memory/types';
import { mulberry32 } from './seeded';

const EN_SYLLABLES = 'ka lo mi ne sa ri tu vo pe la do fi gra shen tor bel mun dak vis ren pol kry zan hes'.split(' ');
const ZH_CHARS = [
  ...'山水城市学校工作咖啡茶猫狗孩子女儿父母旅行项目代码数据服务器论文考试健身游泳跑步医生朋友公司早上周末晚上电影音乐书籍小说平台系统订单迁移计划预算收入花销',
];
const EN_FRAMES = [
  'User likes {w} and {w}',
  'User is working on the {w} {w} project',
  'User lives near {w} with a {w}',
  'User decided to drop {w} for {w}',
  'User prefers {w} answers about {w}',
];
const ZH_FRAMES = [
  '用户喜欢{z}和{z}',
  '用户在做{z}的{z}项目',
  '用户住在{z}附近，养了{z}',
  '用户放弃了{z}，改用{z}',
  '用户希望回答{z}时先说{z}',
];
const TYPES: MemoryType[] = ['preference', 'fact', 'task', 'conclusion'];
const CATEGORIES = [
  ...'work,family,health,travel,food,hobby,learning,money,schedule,home,tools,writing'.split(','),
  ...'工作,家人,健康,旅行,饮食,爱好,学习,理财,作息,居住地,工具,写作'.split(','),
];

function zipfIndex(rand: () => number, n: number): number {
  return Math.min(n - 1, Math.floor(n ** rand()) - 1);
}

function vocabulary(rand: () => number, size: number): { en: string[]; zh: string[] } {
  const en: string[] = [];
  const zh: string[] = [];
  for (let i = 0; i < size; i++) {
    const parts = 2 + Math.floor(rand() * 2);
    en.push(Array.from({ length: parts }, () => EN_SYLLABLES[Math.floor(rand() * EN_SYLLABLES.length)]).join(''));
    zh.push(Array.from({ length: 2 }, () => ZH_CHARS[Math.floor(rand() * ZH_CHARS.length)]).join(''));
  }
  return { en, zh };
}

function sentence(rand: () => number, vocab: { en: string[]; zh: string[] }): string {
  const chinese = rand() < 0.5;
  const frames = chinese ? ZH_FRAMES : EN_FRAMES;
  const frame = frames[Math.floor(rand() * frames.length)] as string;
  const words = chinese ? vocab.zh : vocab.en;
  let text = frame.replace(/\{[wz]\}/g, () => words[zipfIndex(rand, words.length)] as string);
  // Some mixed text: a Latin term inside Chinese, as users write it ("用 Go 写").
  if (chinese && rand() < 0.2) text += `，用 ${vocab.en[zipfIndex(rand, vocab.en.length)]}`;
  return text;
}

/** 4–6 keywords: a category, then words of either language from the store's vocabulary. */
function keywordsOf(rand: () => number, vocab: { en: string[]; zh: string[] }): string[] {
  const out = [CATEGORIES[Math.floor(rand() * CATEGORIES.length)] as string];
  const n = 3 + Math.floor(rand() * 3);
  for (let i = 0; i < n; i++) {
    const words = rand() < 0.5 ? vocab.en : vocab.zh;
    out.push(words[zipfIndex(rand, words.length)] as string);
  }
  return [...new Set(out)];
}

export function syntheticStore(count: number, seed = 42): MemoryRecord[] {
  const rand = mulberry32(seed);
  // Its own generator, so the memories' text is the same store as before keywords were added.
  const kwRand = mulberry32(seed + 1);
  const vocab = vocabulary(rand, Math.max(200, Math.floor(count / 5)));
  const base = Date.parse('2025-01-01T00:00:00.000Z');
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(base + Math.floor(rand() * 365) * 86_400_000).toISOString();
    return {
      id: `syn-${i}`,
      content: sentence(rand, vocab),
      type: TYPES[Math.floor(rand() * TYPES.length)] as MemoryType,
      importance: 1 + Math.floor(rand() * 5),
      tags: [],
      keywords: keywordsOf(kwRand, vocab),
      status: rand() < 0.05 ? 'superseded' : 'active',
      scope: 'global',
      pinned: false,
      note: '',
      createdAt: at,
      updatedAt: at,
      lastHitAt: null,
      hitCount: Math.floor(rand() * 4),
      supersededBy: null,
      source: null,
      feedback: 0,
    };
  });
}

export function syntheticQueries(count: number, storeSize: number, seed = 7): string[] {
  const rand = mulberry32(seed);
  // Same vocabulary as the store of that size: queries must hit real postings.
  const vocab = vocabulary(mulberry32(42), Math.max(200, Math.floor(storeSize / 5)));
  return Array.from({ length: count }, () => sentence(rand, vocab));
}
