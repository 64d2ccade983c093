/**
 * `npm run bench:tidy`: tidy-up's local grouping (lib/tidy/group.ts) over a generated "year of
 * use" store with known answers. About 3,200 memories in English and Chinese, each with the
 * keywords the extraction model gives (its category and main terms in both languages); about
 * 15 % are planted near-duplicates of another memory (a paraphrase, or a translation into the
 * other language) and about 5 % planted contradictions (moved city, changed job, quit a drink,
 * a changed number). Prints: planted pairs found in one group, groups holding no planted pair,
 * and the time. Targets: ≥ 90 % found, ≤ 10 % empty groups, ≤ 2 s.
 *
 *   npm run bench:tidy [-- --seed 7]
 */
import { parseArgs } from 'node:util';
import { createMemory } from '../lib/memory/factory';
import type { MemoryRecord, MemoryType } from '../lib/memory/types';
import { groupSimilar } from '../lib/tidy/group';

const { values } = parseArgs({ options: { seed: { type: 'string', default: '7' } } });

let state = Number(values.seed) >>> 0 || 7;
function rand(): number {
  state = (state * 1664525 + 1013904223) >>> 0;
  return state / 2 ** 32;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

type Pair = readonly [string, string];
const CITIES: Pair[] = [
  ['Chengdu', '成都'],
  ['Beijing', '北京'],
  ['Shanghai', '上海'],
  ['Hangzhou', '杭州'],
  ['Shenzhen', '深圳'],
  ['Wuhan', '武汉'],
  ['Xiamen', '厦门'],
  ['Nanjing', '南京'],
  ['Lisbon', '里斯本'],
  ['Berlin', '柏林'],
  ['Tokyo', '东京'],
  ['Seoul', '首尔'],
  ['Toronto', '多伦多'],
  ['Sydney', '悉尼'],
  ['Kunming', '昆明'],
];
const COMPANIES: Pair[] = [
  ['Alibaba', '阿里巴巴'],
  ['Tencent', '腾讯'],
  ['ByteDance', '字节跳动'],
  ['Meituan', '美团'],
  ['Huawei', '华为'],
  ['Stripe', 'Stripe'],
  ['Shopify', 'Shopify'],
  ['a logistics startup', '一家物流创业公司'],
  ['a bank', '一家银行'],
  ['a hospital', '一家医院'],
  ['a design studio', '一家设计工作室'],
  ['a game company', '一家游戏公司'],
];
const DRINKS: Pair[] = [
  ['americano', '美式咖啡'],
  ['latte', '拿铁'],
  ['green tea', '绿茶'],
  ['oolong tea', '乌龙茶'],
  ['cola', '可乐'],
];
const ADJ: Pair[] = [
  ['Amber', '琥珀'],
  ['Silent', '静默'],
  ['Rapid', '疾风'],
  ['Crimson', '赤红'],
  ['Frozen', '冰封'],
  ['Golden', '金色'],
  ['Hidden', '隐秘'],
  ['Iron', '钢铁'],
  ['Lunar', '月光'],
  ['Northern', '北境'],
  ['Paper', '纸鹤'],
  ['Quiet', '安静'],
  ['Scarlet', '绯红'],
  ['Silver', '白银'],
  ['Solar', '烈日'],
  ['Stone', '磐石'],
  ['Swift', '迅捷'],
  ['Velvet', '丝绒'],
  ['Violet', '紫罗兰'],
  ['Wild', '狂野'],
  ['Azure', '蔚蓝'],
  ['Bronze', '青铜'],
  ['Copper', '赤铜'],
  ['Dusty', '尘封'],
  ['Emerald', '翡翠'],
  ['Gentle', '温和'],
  ['Hollow', '空谷'],
  ['Jade', '碧玉'],
  ['Misty', '薄雾'],
  ['Nimble', '灵巧'],
];
const NOUN: Pair[] = [
  ['Falcon', '猎鹰'],
  ['Harbor', '港湾'],
  ['Lantern', '灯笼'],
  ['Maple', '枫叶'],
  ['Orchid', '兰花'],
  ['Pebble', '卵石'],
  ['Quartz', '石英'],
  ['Raven', '渡鸦'],
  ['Saddle', '马鞍'],
  ['Tiger', '老虎'],
  ['Willow', '柳树'],
  ['Anchor', '铁锚'],
  ['Beacon', '灯塔'],
  ['Cedar', '雪松'],
  ['Delta', '三角洲'],
  ['Ember', '余烬'],
  ['Fjord', '峡湾'],
  ['Glacier', '冰川'],
  ['Heron', '苍鹭'],
  ['Island', '海岛'],
  ['Juniper', '杜松'],
  ['Kestrel', '红隼'],
  ['Lotus', '莲花'],
  ['Meadow', '草甸'],
  ['Nebula', '星云'],
  ['Otter', '水獭'],
  ['Prairie', '草原'],
  ['Reef', '珊瑚礁'],
  ['Summit', '山巅'],
  ['Tundra', '冻原'],
];
const PEOPLE: Pair[] = [
  ['Alice', '爱丽丝'],
  ['Bob', '鲍勃'],
  ['Carol', '卡罗尔'],
  ['David', '大卫'],
  ['Emma', '艾玛'],
  ['Frank', '弗兰克'],
  ['Grace', '格蕾丝'],
  ['Henry', '亨利'],
  ['Ivy', '艾薇'],
  ['Jack', '杰克'],
  ['Kate', '凯特'],
  ['Leo', '利奥'],
  ['Mia', '米娅'],
  ['Noah', '诺亚'],
  ['Olivia', '奥利维亚'],
  ['Peter', '彼得'],
  ['Quinn', '奎因'],
  ['Rose', '罗丝'],
];
const RELATIONS: Pair[] = [
  ['colleague', '同事'],
  ['friend', '朋友'],
  ['cousin', '表亲'],
  ['neighbour', '邻居'],
];
const TOPICS: Pair[] = [
  ['billing', '计费'],
  ['search', '搜索'],
  ['checkout', '结账'],
  ['login', '登录'],
  ['reporting', '报表'],
  ['onboarding', '新手引导'],
  ['notifications', '通知'],
  ['payments', '支付'],
  ['inventory', '库存'],
  ['analytics', '分析'],
];
const LIBS: Pair[] = [
  ['Postgres', 'Postgres'],
  ['MySQL', 'MySQL'],
  ['Redis', 'Redis'],
  ['Kafka', 'Kafka'],
  ['RabbitMQ', 'RabbitMQ'],
  ['Vite', 'Vite'],
  ['webpack', 'webpack'],
  ['FastAPI', 'FastAPI'],
  ['Django', 'Django'],
  ['Go', 'Go'],
  ['Rust', 'Rust'],
];

interface Slot {
  type: MemoryType;
  category: Pair;
  /** English and Chinese wordings (two each: a base and a paraphrase), and the rare terms. */
  en: [string, string];
  zh: [string, string];
  terms: Pair[];
  /** The same slot with another value, when it can be contradicted. */
  contradict?: () => { en: string; zh: string; terms: Pair[] };
}

const codename = (): Pair => {
  const a = pick(ADJ);
  const n = pick(NOUN);
  return [`${a[0]} ${n[0]}`, `${a[1]}${n[1]}`];
};

const MAKERS: (() => Slot)[] = [
  () => {
    const p = codename();
    const t = pick(TOPICS);
    return {
      type: 'task',
      category: ['project', '项目'],
      en: [`Leads project ${p[0]} on the ${t[0]} service`, `Is in charge of the ${p[0]} project for ${t[0]}`],
      zh: [`负责${t[1]}服务的${p[1]}项目`, `在主导${p[1]}项目（${t[1]}）`],
      terms: [p, t],
    };
  },
  () => {
    const who = pick(PEOPLE);
    const rel = pick(RELATIONS);
    const c = pick(CITIES);
    const n = 20 + Math.floor(rand() * 40);
    return {
      type: 'fact',
      category: ['people', '人物'],
      en: [`${rel[0]} ${who[0]} (${n}) lives in ${c[0]}`, `${who[0]}, a ${rel[0]} aged ${n}, is based in ${c[0]}`],
      zh: [`${rel[1]}${who[1]}（${n}岁）住在${c[1]}`, `${who[1]}是${rel[1]}，${n}岁，常住${c[1]}`],
      terms: [who, c, [String(n), String(n)]],
    };
  },
  () => {
    const t = pick(TOPICS);
    const a = pick(LIBS);
    let b = pick(LIBS);
    while (b === a) b = pick(LIBS);
    const p = codename();
    return {
      type: 'conclusion',
      category: ['decision', '决定'],
      en: [`Chose ${a[0]} over ${b[0]} for ${p[0]} ${t[0]}`, `Picked ${a[0]} rather than ${b[0]} in ${p[0]} (${t[0]})`],
      zh: [`${p[1]}的${t[1]}选了${a[1]}而不是${b[1]}`, `${p[1]}${t[1]}决定用${a[1]}，不用${b[1]}`],
      terms: [a, b, p],
    };
  },
  () => {
    const n = 1000 + Math.floor(rand() * 9000);
    const t = pick(TOPICS);
    return {
      type: 'task',
      category: ['bug', '缺陷'],
      en: [`Fix ticket #${n} in ${t[0]} before the release`, `Ticket #${n} (${t[0]}) must be fixed before release`],
      zh: [`发布前修好${t[1]}的工单#${n}`, `工单#${n}（${t[1]}）要在发布前修复`],
      terms: [[`#${n}`, `#${n}`], t],
    };
  },
];

/** Single-valued slots the user has once: the contradictions are planted here. */
function personalSlots(): Slot[] {
  const city = pick(CITIES);
  const company = pick(COMPANIES);
  const drink = pick(DRINKS);
  const budget = 2000 + Math.floor(rand() * 8) * 500;
  return [
    {
      type: 'fact',
      category: ['home city', '居住地'],
      en: [`Lives in ${city[0]}`, `Is based in ${city[0]}`],
      zh: [`住在${city[1]}`, `常住${city[1]}`],
      terms: [city],
      contradict: () => {
        let c = pick(CITIES);
        while (c === city) c = pick(CITIES);
        return { en: `Moved to ${c[0]}`, zh: `搬到${c[1]}了`, terms: [c] };
      },
    },
    {
      type: 'fact',
      category: ['employer', '工作单位'],
      en: [`Works at ${company[0]}`, `Is employed at ${company[0]}`],
      zh: [`在${company[1]}工作`, `在${company[1]}上班`],
      terms: [company],
      contradict: () => {
        let c = pick(COMPANIES);
        while (c === company) c = pick(COMPANIES);
        return { en: `Joined ${c[0]}`, zh: `跳槽到${c[1]}`, terms: [c] };
      },
    },
    {
      type: 'preference',
      category: ['drink', '饮品'],
      en: [`Drinks ${drink[0]} every morning`, `Has ${drink[0]} each morning`],
      zh: [`每天早上喝${drink[1]}`, `早上总喝${drink[1]}`],
      terms: [drink],
      contradict: () => ({ en: `Quit ${drink[0]}, drinks water now`, zh: `戒了${drink[1]}，现在喝水`, terms: [drink] }),
    },
    {
      type: 'fact',
      category: ['budget', '预算'],
      en: [`Monthly rent budget is ${budget} yuan`, `Rent budget: ${budget} yuan a month`],
      zh: [`每月房租预算${budget}元`, `房租预算每月${budget}元`],
      terms: [[String(budget), String(budget)]],
      contradict: () => {
        const b = budget + 500;
        return { en: `Monthly rent budget is ${b} yuan`, zh: `每月房租预算${b}元`, terms: [[String(b), String(b)]] };
      },
    },
  ];
}

function keywordsFor(slot: { category: Pair; terms: Pair[] }): string[] {
  // What the extraction model adds: the category and the main terms in both languages. A model
  // is not consistent: each keyword is left out one time in seven, and the order varies.
  const all = [slot.category[0], slot.category[1], ...slot.terms.flat()];
  const kept = all.filter(() => rand() > 1 / 7);
  return [...new Set(kept.sort(() => rand() - 0.5))].slice(0, 8);
}

interface Planted {
  store: MemoryRecord[];
  pairs: [string, string][];
  duplicates: number;
  contradictions: number;
}

function generate(total: number): Planted {
  const store: MemoryRecord[] = [];
  const pairs: [string, string][] = [];
  let duplicates = 0;
  let contradictions = 0;
  const seen = new Set<string>();
  const t0 = Date.parse('2025-12-01T00:00:00.000Z');
  const add = (content: string, type: MemoryType, keywords: string[], day: number) => {
    const at = new Date(t0 + day * 86_400_000).toISOString();
    const m = { ...createMemory({ content, type, keywords }), createdAt: at, updatedAt: at };
    store.push(m);
    return m;
  };
  // The user's own single-valued facts: a few "people" (several personas would be a shared
  // account; one user here, with a handful of rewrites of these over the year).
  const personal = personalSlots();
  while (store.length < total) {
    const r = rand();
    const day = Math.floor(rand() * 365);
    const zhFirst = rand() < 0.45;
    const slot = r < 0.05 && personal.length > 0 ? personal[Math.floor(rand() * personal.length)]! : pick(MAKERS)();
    const base = zhFirst ? slot.zh[0] : slot.en[0];
    if (seen.has(base)) continue;
    seen.add(base);
    const original = add(base, slot.type, keywordsFor(slot), day);
    const roll = rand();
    if (roll < 0.18) {
      // A near-duplicate: the paraphrase in the same language, or the translation.
      const translate = rand() < 0.5;
      const text = translate ? (zhFirst ? slot.en[0] : slot.zh[0]) : zhFirst ? slot.zh[1] : slot.en[1];
      const dup = add(text, slot.type, keywordsFor(slot), Math.min(364, day + 1 + Math.floor(rand() * 60)));
      pairs.push([original.id, dup.id]);
      duplicates++;
    } else if (roll < 0.25 && slot.contradict) {
      const next = slot.contradict();
      const text = zhFirst ? next.zh : next.en;
      const later = add(
        text,
        slot.type,
        keywordsFor({ category: slot.category, terms: next.terms }),
        Math.min(364, day + 30),
      );
      pairs.push([original.id, later.id]);
      contradictions++;
    } else if (roll < 0.25) {
      // A contradiction of a project slot: the same ticket or project with another state.
      const text = zhFirst ? `${slot.zh[0]}，已暂停` : `${slot.en[0]} is on hold now`;
      const later = add(text, slot.type, keywordsFor(slot), Math.min(364, day + 20));
      pairs.push([original.id, later.id]);
      contradictions++;
    }
  }
  return { store, pairs, duplicates, contradictions };
}

const { store, pairs, duplicates, contradictions } = generate(3200);
const started = performance.now();
const groups = groupSimilar(store);
const ms = performance.now() - started;

const groupOf = new Map<string, number>();
groups.forEach((g, i) => {
  for (const id of g.ids) groupOf.set(id, i);
});
const found = pairs.filter(([a, b]) => groupOf.has(a) && groupOf.get(a) === groupOf.get(b)).length;
const plantedKeys = new Set(pairs.map(([a, b]) => [a, b].sort().join('|')));
const empty = groups.filter((g) => {
  for (let i = 0; i < g.ids.length; i++)
    for (let j = i + 1; j < g.ids.length; j++) if (plantedKeys.has([g.ids[i], g.ids[j]].sort().join('|'))) return false;
  return true;
}).length;
const zh = store.filter((m) => /\p{Script=Han}/u.test(m.content)).length;
const largest = groups[0]?.ids.length ?? 0;

console.log(`store: ${store.length} memories (${zh} Chinese, ${store.length - zh} English), seed ${values.seed}`);
console.log(
  `planted: ${duplicates} near-duplicates (${((100 * duplicates) / store.length).toFixed(1)} %), ${contradictions} contradictions (${((100 * contradictions) / store.length).toFixed(1)} %)`,
);
console.log(`groups: ${groups.length}, largest ${largest}`);
console.log(
  `planted pairs found in one group: ${found}/${pairs.length} = ${((100 * found) / pairs.length).toFixed(1)} % (target ≥ 90 %)`,
);
console.log(
  `groups holding no planted pair: ${empty}/${groups.length} = ${((100 * empty) / Math.max(1, groups.length)).toFixed(1)} % (target ≤ 10 %)`,
);
console.log(`time: ${ms.toFixed(0)} ms (target ≤ 2,000 ms)`);
if (process.env.TIDY_DEBUG) {
  const byId = new Map(store.map((m) => [m.id, m]));
  for (const id of groups[0]?.ids.slice(0, 25) ?? []) console.log('  ', byId.get(id)?.type, byId.get(id)?.content);
}
