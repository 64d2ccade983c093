/**
 * The generated "year of use" store bench/tidy.ts groups: about 3,200 memories in English and
 * Chinese, each with the keywords the extraction model gives (its category and main terms in
 * both languages); about 15 % are planted near-duplicates of another memory (a paraphrase, or a
 * translation into the other language) and about 5 % planted contradictions (moved city,
 * changed job, quit a drink, a changed number). Seeded, so a seed names one store.
 */
import { createMemory } from '../../lib/memory/factory';
import type { MemoryRecord, MemoryType } from '../../lib/memory/types';
import { ADJ, CITIES, COMPANIES, DRINKS, LIBS, NOUN, type Pair, PEOPLE, RELATIONS, TOPICS } from './tidy-vocab';

let state = 7;
function rand(): number {
  state = (state * 1664525 + 1013904223) >>> 0;
  return state / 2 ** 32;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

interface Slot {
  type: MemoryType;
  category: Pair;
  /** English and Chinese wordings (two each: a base and a paraphrase), and the rare terms. */
  en: [string, string];
  zh: [string, string];
  terms: Pair[];
  /** The user's own single-valued fact with another value (moved city, changed job, …). */
  contradict?: () => Change;
  /** A later state of the project, decision, ticket or person, worded as extraction would write it. */
  later?: () => Change;
}

interface Change {
  en: string;
  zh: string;
  terms: Pair[];
}

export interface StoreOptions {
  /**
   * Plant the later states of projects, decisions, tickets and people as extraction words them
   * ("Project X (billing) is on hold", "cousin Frank moved from Beijing to Sydney") rather than
   * as the first memory's text with ", is on hold now" appended (the default, kept so figures
   * stay comparable with earlier runs).
   */
  laterStates?: boolean;
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
      later: () => ({ en: `Project ${p[0]} (${t[0]}) is on hold`, zh: `${p[1]}项目（${t[1]}）暂停了`, terms: [p, t] }),
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
      later: () => {
        let to = pick(CITIES);
        while (to === c) to = pick(CITIES);
        return {
          en: `${rel[0]} ${who[0]} moved from ${c[0]} to ${to[0]}`,
          zh: `${rel[1]}${who[1]}从${c[1]}搬到了${to[1]}`,
          terms: [who, c, to],
        };
      },
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
      later: () => ({
        en: `Dropped ${a[0]} in ${p[0]} ${t[0]}, switching to ${b[0]}`,
        zh: `${p[1]}的${t[1]}不用${a[1]}了，改用${b[1]}`,
        terms: [a, b, p],
      }),
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
      later: () => ({
        en: `Ticket #${n} (${t[0]}) was closed without a fix`,
        zh: `工单#${n}（${t[1]}）没修就关闭了`,
        terms: [[`#${n}`, `#${n}`], t],
      }),
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

export interface Planted {
  store: MemoryRecord[];
  pairs: [string, string][];
  /** Per pair: a planted near-duplicate or a planted contradiction. */
  kinds: ('duplicate' | 'contradiction')[];
  /** Per memory: the fact it states, as its English base wording (two memories of one fact are twins). */
  facts: Map<string, string>;
  duplicates: number;
  contradictions: number;
}

/** The store for one seed, with its planted pairs (each: the earlier memory, the later one). */
export function tidyStore(seed: number, options: StoreOptions = {}, total = 3200): Planted {
  state = seed >>> 0 || 7;
  const store: MemoryRecord[] = [];
  const pairs: [string, string][] = [];
  const kinds: Planted['kinds'] = [];
  const facts = new Map<string, string>();
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
    facts.set(original.id, slot.en[0]);
    const roll = rand();
    if (roll < 0.18) {
      // A near-duplicate: the paraphrase in the same language, or the translation.
      const translate = rand() < 0.5;
      const text = translate ? (zhFirst ? slot.en[0] : slot.zh[0]) : zhFirst ? slot.zh[1] : slot.en[1];
      const dup = add(text, slot.type, keywordsFor(slot), Math.min(364, day + 1 + Math.floor(rand() * 60)));
      pairs.push([original.id, dup.id]);
      facts.set(dup.id, slot.en[0]);
      kinds.push('duplicate');
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
      facts.set(later.id, slot.en[0]);
      kinds.push('contradiction');
      contradictions++;
    } else if (roll < 0.25) {
      // A later state of a project, decision, ticket or person.
      const next = options.laterStates ? slot.later?.() : undefined;
      const appended = zhFirst ? `${slot.zh[0]}，已暂停` : `${slot.en[0]} is on hold now`;
      const text = next ? (zhFirst ? next.zh : next.en) : appended;
      const terms = next ? { category: slot.category, terms: next.terms } : slot;
      const later = add(text, slot.type, keywordsFor(terms), Math.min(364, day + 20));
      pairs.push([original.id, later.id]);
      facts.set(later.id, slot.en[0]);
      kinds.push('contradiction');
      contradictions++;
    }
  }
  return { store, pairs, kinds, facts, duplicates, contradictions };
}
