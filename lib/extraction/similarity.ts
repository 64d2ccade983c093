/**
 * How two memory texts relate: the same memory said again (`duplicate`), a new version of the
 * same thing (`conflict`: the newer one supersedes), or `distinct`.
 *
 * Similarity is the Dice coefficient of character bigrams over a "skeleton" of the text:
 * normalised (normalizeContent), every number replaced by one placeholder and negation words
 * removed, so "Budget ¥2,850,000" / "Budget ¥2,900,000" and "喜欢美式" / "不喜欢美式" look alike;
 * the numbers and the negation then decide between duplicate and conflict. Character bigrams
 * work the same for Chinese (no word segmentation needed) and English.
 *
 * DUPLICATE_THRESHOLD is measured, not guessed: `npm run bench:dedupe` sweeps it over the
 * labelled pairs in tests/fixtures/dedupe-pairs.json and prints precision/recall per value.
 */
import { normalizeContent } from '../memory/normalize';

/** Measured with bench/dedupe-threshold.ts (best F1 for "same memory", ties to the stricter value). */
export const DUPLICATE_THRESHOLD = 0.7;

export type Relation = 'duplicate' | 'conflict' | 'distinct';

const NEGATION_EN = /\b(?:not|never|no longer|cannot|quit|stopped)\b|n['’]t\b|\bdis(?=lik)/gi;
const NEGATION_ZH = /不再|不|没有|没|别|未|戒了|戒掉|戒/g;

function negationCount(text: string): number {
  return (text.match(NEGATION_EN)?.length ?? 0) + (text.match(NEGATION_ZH)?.length ?? 0);
}

/** Every number in the text as a canonical value: "¥2,850,000.00" and "2850000" both give "2850000". */
export function numbersOf(text: string): string[] {
  return (text.normalize('NFKC').match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((n) => String(Number(n.replace(/,/g, ''))));
}

function skeleton(text: string): string {
  const withoutNegation = text.normalize('NFKC').replace(NEGATION_EN, ' ').replace(NEGATION_ZH, '');
  // '0' stands for any number: it survives normalizeContent, which keeps only letters and digits.
  return normalizeContent(withoutNegation.replace(/\d[\d,]*(?:\.\d+)?/g, '0'));
}

function bigrams(text: string): Map<string, number> {
  const chars = [...text];
  const out = new Map<string, number>();
  if (chars.length === 1) out.set(chars[0]!, 1);
  for (let i = 0; i < chars.length - 1; i++) {
    const gram = chars[i]! + chars[i + 1]!;
    out.set(gram, (out.get(gram) ?? 0) + 1);
  }
  return out;
}

/** Sørensen–Dice over character-bigram multisets: 1 for equal texts, 0 for nothing shared. */
function dice(a: string, b: string): number {
  if (a === b) return a.length > 0 ? 1 : 0;
  const ga = bigrams(a);
  const gb = bigrams(b);
  let shared = 0;
  let total = 0;
  for (const [gram, n] of ga) {
    shared += Math.min(n, gb.get(gram) ?? 0);
    total += n;
  }
  for (const n of gb.values()) total += n;
  return total === 0 ? 0 : (2 * shared) / total;
}

export function similarity(a: string, b: string): number {
  return dice(skeleton(a), skeleton(b));
}

/**
 * Topics that hold one value at a time: a second statement about them replaces the first
 * even when the wording shares nothing ("Lives in Beijing" → "Moved to Chengdu").
 */
const SINGLE_VALUED_TOPICS: readonly { topic: string; re: RegExp }[] = [
  {
    topic: 'residence',
    re: /\b(?:lives?|living|lived|based|moved|moving|relocat\w*|resid\w*)\s+(?:in|to|at|near)\b|住在|住到|搬到|搬去|搬家到|定居|常住/i,
  },
  {
    topic: 'employer',
    re: /\b(?:works?|working|worked)\s+(?:at|for)\b|\bemployed\s+(?:at|by)\b|\bjoined\b|在.{1,16}(?:工作|上班|任职)|入职|跳槽到/i,
  },
  {
    topic: 'name',
    re: /\b(?:call(?:ed)?\s+(?:me|the user|him|her)|(?:user'?s|my)\s+name\s+is|goes\s+by|prefers\s+to\s+be\s+called)\b|叫我|称呼|自称|名字是/i,
  },
  {
    topic: 'drink',
    re: /\b(?:coffee|americano|latte|espresso|tea|drinks?|drinking)\b|咖啡|美式|拿铁|喝茶|改喝|喝/i,
  },
];

/** A statement about someone else ("Parents live in Harbin") is not about the user's own slot. */
const OTHER_PERSON =
  /\b(?:parents?|mother|father|mom|dad|wife|husband|partner|son|daughter|sister|brother|friend|colleague|boss|kids?|children|cousin|neighbou?r|uncle|aunt|grand(?:ma|pa|mother|father|parents?)|roommate|flatmate|classmate|teacher)\b|父母|妈妈|母亲|爸爸|父亲|老婆|妻子|丈夫|老公|儿子|女儿|姐姐|妹妹|哥哥|弟弟|朋友|同事|老板|孩子|邻居|表亲|表哥|表姐|表弟|表妹|堂哥|堂姐|叔叔|阿姨|舅舅|姑姑|爷爷|奶奶|外公|外婆|室友|同学|老师/i;

/** The user's own single-valued topic a text is about (residence, employer, name, drink), if any. */
export function topicOf(text: string): string | null {
  if (OTHER_PERSON.test(text)) return null;
  return SINGLE_VALUED_TOPICS.find((t) => t.re.test(text))?.topic ?? null;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** `older` is the stored memory, `newer` the incoming one; both of the same type. */
export function relation(older: string, newer: string, threshold = DUPLICATE_THRESHOLD): Relation {
  if (similarity(older, newer) >= threshold) {
    const sameNumbers = sameList(numbersOf(older), numbersOf(newer));
    const sameNegation = negationCount(older) % 2 === negationCount(newer) % 2;
    return sameNumbers && sameNegation ? 'duplicate' : 'conflict';
  }
  const topic = topicOf(older);
  return topic !== null && topic === topicOf(newer) ? 'conflict' : 'distinct';
}
