/**
 * Tidy-up's first step, local and without a model: small groups of active memories that likely
 * say the same thing (paraphrases, and translations found through the model's keywords in the
 * other language) or contradict each other (two statements of one of the user's single-valued
 * facts: home, employer, name, drink). Each group is small enough for one model call to judge
 * (MAX_GROUP_SIZE).
 *
 * 1. Candidate pairs: memories of one type and one space sharing a rare term (postings of terms
 *    held by at most RARE_SHARE of the store), plus pairs about the same single-valued topic.
 *    Never two spaces: a merge or a replacement would move one space's text into another's
 *    (or into Everywhere, where it reaches every chat).
 * 2. Each pair is scored by rarity-weighted likeness (score.ts). Texts with other identifiers
 *    (ticket #4821 / #5117), other numbers (two people's ages) or a name each that the other
 *    lacks (Priya / Tomas) are about two things and never duplicates.
 * 3. Each memory keeps only its NEIGHBOURS best edges: a template-written store has many
 *    look-alikes per memory, and only the best ones are worth a model call.
 * 4. Edges join groups strongest first, and only while the joined group stays within
 *    MAX_GROUP_SIZE and most of its pairs are alike (average link): no chains of look-alikes.
 */
import { numbersOf, relation, topicOf } from '../extraction/similarity';
import type { MemoryRecord } from '../memory/types';
import { likeness, type Store, storeOf } from './score';
import { type MemoryTerms, memoryTerms } from './terms';

/** The most memories in one group: what one model call can judge side by side. */
export const MAX_GROUP_SIZE = 8;
/** Terms held by more than this share of memories propose no pair (they still count in the score). */
const RARE_SHARE = 0.02;
/** Likeness at or above which two memories are near-duplicates. */
const DUPLICATE_AT = 0.75;
/** How many partners per memory are scored in full, picked by shared rare-term weight. */
const CANDIDATES = 8;
/** How many of its best edges each memory keeps. */
const NEIGHBOURS = 2;
/** Of the pairs across two groups being joined, at least this share must be alike. */
const LINK_SHARE = 0.5;

export interface TidyGroup {
  ids: string[];
  /** Why they were grouped: near-duplicates, a contradiction, or both. */
  kind: 'duplicates' | 'contradiction' | 'mixed';
}

type EdgeKind = 'duplicates' | 'contradiction';
interface Edge {
  a: number;
  b: number;
  score: number;
  kind: EdgeKind;
}

/** Both sorted lists name something, and not the same things. */
function bothDiffer(a: readonly string[], b: readonly string[]): boolean {
  return a.length > 0 && b.length > 0 && !(a.length === b.length && a.every((x, i) => x === b[i]));
}

/**
 * Each text names someone or something the other does not hold at all ("standup with Priya" /
 * "standup with Tomas", "chose React" / "chose Vue"): two things, however alike the rest.
 * One-sided is not enough: a translation's text has no capitals to compare.
 */
function namesApart(a: MemoryTerms, b: MemoryTerms): boolean {
  return a.names.some((n) => !b.all.has(n)) && b.names.some((n) => !a.all.has(n));
}

/** What the pair rules read of each memory, computed once. */
interface Facts {
  /** The single-valued topic and whose it is: "residence" (the user's) or "residence maria". */
  topic: string | null;
  numbers: string[];
}

const FIRST_WORD = /^\s*(\p{Lu}[\p{Script=Latin}\d]*)/u;

/**
 * Memories say "User …", but imported or third-person ones start with someone's name ("Maria
 * joined a gym"): a first word that the store uses as a name elsewhere is that text's subject,
 * and its topic is that person's, not the user's.
 */
function factsOf(m: MemoryRecord, names: ReadonlySet<string>): Facts {
  const topic = topicOf(m.content);
  const first = m.content.match(FIRST_WORD)?.[1]?.toLowerCase();
  const subject = first !== undefined && first !== 'user' && names.has(first) ? ` ${first}` : '';
  return { topic: topic === null ? null : topic + subject, numbers: numbersOf(m.content).sort() };
}

/** The edge two memories make, if any. */
function edgeOf(
  rows: readonly MemoryRecord[],
  facts: readonly Facts[],
  store: Store,
  i: number,
  j: number,
): Edge | null {
  const [a, b] = [rows[i]!, rows[j]!];
  const [ta, tb] = [store.memories[i]!, store.memories[j]!];
  const score = likeness(store, ta, tb);
  const topic = facts[i]!.topic;
  if (topic !== null && topic === facts[j]!.topic) {
    const kind =
      score >= DUPLICATE_AT && relation(a.content, b.content) === 'duplicate' ? 'duplicates' : 'contradiction';
    return { a: i, b: j, score: Math.max(score, DUPLICATE_AT), kind };
  }
  if (namesApart(ta, tb)) return null;
  // Other identifiers or numbers: other things (tickets #4821 and #5117, two people's ages),
  // not one fact said twice. A text that names none says nothing against the other's.
  if (bothDiffer(ta.identifiers, tb.identifiers) || bothDiffer(facts[i]!.numbers, facts[j]!.numbers)) return null;
  if (score < DUPLICATE_AT) return null;
  return { a: i, b: j, score, kind: relation(a.content, b.content) === 'conflict' ? 'contradiction' : 'duplicates' };
}

/** Terms held by at most RARE_SHARE of the store, with the memories holding each. */
function rarePostings(store: Store): Map<string, number[]> {
  const limit = Math.max(3, Math.floor(store.memories.length * RARE_SHARE));
  const postings = new Map<string, number[]>();
  store.memories.forEach((m, i) => {
    for (const term of m.all) {
      if ((store.df.get(term) ?? 0) > limit) continue;
      const list = postings.get(term);
      if (list) list.push(i);
      else postings.set(term, [i]);
    }
  });
  return postings;
}

/**
 * For each memory, the CANDIDATES memories of its type sharing the most rare-term weight with
 * it (the way a search engine ranks by postings alone), as keys i * n + j with i < j.
 */
function rareTermPairs(rows: readonly MemoryRecord[], store: Store, pairs: Set<number>): void {
  const postings = rarePostings(store);
  const n = rows.length;
  const acc = new Float64Array(n);
  const stamp = new Int32Array(n).fill(-1);
  const touched: number[] = [];
  for (let i = 0; i < n; i++) {
    for (const term of store.memories[i]!.all) {
      const list = postings.get(term);
      if (!list) continue;
      const w = store.idf(term);
      for (const j of list) {
        if (j === i || rows[j]!.type !== rows[i]!.type || rows[j]!.space !== rows[i]!.space) continue;
        if (stamp[j] !== i) {
          stamp[j] = i;
          acc[j] = 0;
          touched.push(j);
        }
        acc[j] = acc[j]! + w;
      }
    }
    touched.sort((x, y) => acc[y]! - acc[x]!);
    for (const j of touched.slice(0, CANDIDATES)) pairs.add(Math.min(i, j) * n + Math.max(i, j));
    touched.length = 0;
  }
}

/**
 * Memories of one type about the same single-valued topic, each with the CANDIDATES written
 * after it: a change of city or job is read against the statements around it in time, and a
 * store with hundreds of them stays linear.
 */
function topicPairs(rows: readonly MemoryRecord[], facts: readonly Facts[], pairs: Set<number>): void {
  const topics = new Map<string, number[]>();
  facts.forEach((f, i) => {
    if (f.topic === null) return;
    const key = `${rows[i]!.type} ${rows[i]!.space ?? ''} ${f.topic}`;
    const list = topics.get(key);
    if (list) list.push(i);
    else topics.set(key, [i]);
  });
  const n = rows.length;
  for (const list of topics.values()) {
    list.sort((x, y) => rows[x]!.createdAt.localeCompare(rows[y]!.createdAt));
    for (let k = 0; k < list.length; k++)
      for (const j of list.slice(k + 1, k + 1 + CANDIDATES)) {
        const i = list[k]!;
        pairs.add(Math.min(i, j) * n + Math.max(i, j));
      }
  }
}

/** Pairs (i < j) worth scoring in full. */
function candidatePairs(rows: readonly MemoryRecord[], facts: readonly Facts[], store: Store): [number, number][] {
  const pairs = new Set<number>();
  rareTermPairs(rows, store, pairs);
  topicPairs(rows, facts, pairs);
  const n = rows.length;
  return [...pairs].map((p) => [Math.floor(p / n), p % n]);
}

/** Each memory's NEIGHBOURS strongest edges; an edge stays when either end keeps it. */
function bestEdges(edges: Edge[], count: number): Edge[] {
  const byNode: Edge[][] = Array.from({ length: count }, () => []);
  for (const e of edges) {
    byNode[e.a]!.push(e);
    byNode[e.b]!.push(e);
  }
  const kept = new Set<Edge>();
  for (const list of byNode) for (const e of list.sort((x, y) => y.score - x.score).slice(0, NEIGHBOURS)) kept.add(e);
  return [...kept];
}

/** Joins edges strongest first, within the size bound and the average-link rule. */
function join(
  edges: readonly Edge[],
  all: readonly Edge[],
  count: number,
): Map<number, { members: number[]; kinds: Set<EdgeKind> }> {
  const linked = new Set(all.map((e) => e.a * count + e.b));
  const alike = (x: number, y: number) => linked.has(Math.min(x, y) * count + Math.max(x, y));
  const groupOf = Array.from({ length: count }, (_, i) => i);
  const groups = new Map<number, { members: number[]; kinds: Set<EdgeKind> }>();
  for (const e of [...edges].sort((x, y) => y.score - x.score)) {
    const ga = groupOf[e.a]!;
    const gb = groupOf[e.b]!;
    if (ga === gb) {
      groups.get(ga)?.kinds.add(e.kind);
      continue;
    }
    const ma = groups.get(ga)?.members ?? [ga];
    const mb = groups.get(gb)?.members ?? [gb];
    if (ma.length + mb.length > MAX_GROUP_SIZE) continue;
    let links = 0;
    for (const x of ma) for (const y of mb) if (alike(x, y)) links++;
    if (links < LINK_SHARE * ma.length * mb.length) continue;
    const kinds = new Set<EdgeKind>([...(groups.get(ga)?.kinds ?? []), ...(groups.get(gb)?.kinds ?? []), e.kind]);
    for (const y of mb) groupOf[y] = ga;
    groups.delete(gb);
    groups.set(ga, { members: [...ma, ...mb], kinds });
  }
  return groups;
}

/** Groups of two to MAX_GROUP_SIZE active memories worth a look, largest first. */
export function groupSimilar(memories: readonly MemoryRecord[]): TidyGroup[] {
  const rows = memories.filter((m) => m.status === 'active');
  if (rows.length < 2) return [];
  const store = storeOf(rows.map(memoryTerms));
  const names = new Set(store.memories.flatMap((m) => m.names));
  const facts = rows.map((m) => factsOf(m, names));
  const edges: Edge[] = [];
  for (const [i, j] of candidatePairs(rows, facts, store)) {
    const e = edgeOf(rows, facts, store, i, j);
    if (e) edges.push(e);
  }
  const out: TidyGroup[] = [];
  for (const { members, kinds } of join(bestEdges(edges, rows.length), edges, rows.length).values()) {
    const kind = kinds.size > 1 ? 'mixed' : kinds.has('contradiction') ? 'contradiction' : 'duplicates';
    out.push({ ids: members.map((i) => rows[i]!.id), kind });
  }
  return out.sort((a, b) => b.ids.length - a.ids.length);
}
