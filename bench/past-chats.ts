/**
 * `npm run bench:past-chats -- FILE [--json OUT] [--chats N]`: past chats as context
 * on a LoCoMo turns file (shared/bench/README.md). Each case is its own store on
 * fake-indexeddb: every session of the conversation becomes a chat, stored by the product's
 * import path and indexed by its indexer (the first speaker is the user); each question is the
 * first message of a new chat, and the two excerpts (lib/db/past-chats.ts, exactly as the
 * background runs it) are scored by the share of the question's evidence turns they show
 * (a turn is shown when the excerpt holds it whole or its first 200 characters), by category,
 * against BM25 over single turns (recall@5). Also: how often an unrelated request (a question
 * of another conversation) gets an excerpt, and the relevance floor swept on the tuning half
 * (the only half it may be chosen on, bench/lib/split.ts). Then the added time to the ranked
 * preview at N chats (default 5,000: the history bench's corpus, bench/lib/history-corpus.ts,
 * imported through the product's reader), p50/p95 over sentence-long requests, in Debian's
 * Chromium on its real IndexedDB (the product's figure) and in Node on fake-indexeddb
 * (`--only chromium|node` for one; `--speed-only` skips the recall part). With
 * `--rerank-prompts DIR` each request's judging call (the request keywords call shown up to six
 * candidate exchanges) is written as it would be sent, and with `--rerank-answers DIR` the model's
 * answers are read and the excerpts it picked are scored the same way, next to today's
 * (bench/lib/rerank-chats.ts); requests without a usable answer fall back and are counted. Both
 * print the call's input tokens before (keywords only) and after (judging). The halves are
 * printed, then the whole file. Asserts nothing.
 */
// Node's half only: Chromium runs its own IndexedDB in the page.
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { parseArgs as parseNodeArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { db } from '../lib/db/db';
import { storeImported } from '../lib/db/history-import';
import { dropSearchCache } from '../lib/db/history-search';
import { keepHistoryIndexed } from '../lib/db/history-upkeep';
import { findPastChatExcerpts, type PastChatsRequest } from '../lib/db/past-chats';
import { MIN_COVERAGE, type PastChatExcerpt, SHOWN_CHARS } from '../lib/history/excerpts';
import type { ImportedConversation } from '../lib/history/import/types';
import { NO_SPACE, reaches } from '../lib/memory/spaces';
import { CHROMIUM_BIN, freshDir } from '../tests/e2e/harness/paths';
import { bm25Ranker } from './lib/baselines';
import { table, writeJson } from './lib/cli';
import type { BenchCase } from './lib/dataset';
import { mean, recallAt } from './lib/metrics';
import { pageScript } from './lib/page-script';
import { runPastChatsSpeed, type SpeedFigures } from './lib/past-chats-speed';
import { RerankTally } from './lib/rerank';
import { addFigures, emptyFigures, judgedExcerptsFor, printJudged } from './lib/rerank-chats';
import { HALVES, splitCases } from './lib/split';

const { values, positionals } = parseNodeArgs({
  allowPositionals: true,
  options: {
    json: { type: 'string' },
    chats: { type: 'string', default: '5000' },
    /** Time in one store only: `chromium` or `node` (default both). */
    only: { type: 'string' },
    'speed-only': { type: 'boolean', default: false },
    'rerank-prompts': { type: 'string' },
    'rerank-answers': { type: 'string' },
  },
});
const file = positionals[0];
if (!file) throw new Error('usage: bench:past-chats FILE [--json OUT] [--chats N]');

interface TurnRow {
  id: string;
  content: string;
  createdAt: string;
  meta?: { session?: number; speaker?: string };
}
interface Query {
  id: string;
  text: string;
  relevant: string[];
  category?: number;
  categoryName?: string;
}
interface Case {
  id: string;
  memories: TurnRow[];
  queries: Query[];
}

const doc = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; cases: Case[] };
const FLOORS = [0, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5];
const RERANK_DIRS = { prompts: values['rerank-prompts'] ?? null, answers: values['rerank-answers'] ?? null };
const RERANK = RERANK_DIRS.prompts !== null || RERANK_DIRS.answers !== null;

async function emptyStore(): Promise<void> {
  await db.open();
  await Promise.all(db.tables.map((t) => t.clear()));
  dropSearchCache();
}

/** The case's sessions as conversations, and where each turn landed (turn id → chat, index). */
function sessionsOf(c: Case) {
  const sessions = new Map<number, TurnRow[]>();
  for (const m of c.memories) {
    const s = m.meta?.session ?? 0;
    const list = sessions.get(s) ?? [];
    list.push(m);
    sessions.set(s, list);
  }
  const user = c.memories[0]?.meta?.speaker;
  const where = new Map<string, { chatId: string; turn: number }>();
  const convs: ImportedConversation[] = [];
  for (const [s, rows] of sessions) {
    const conversationId = `${c.id}-s${s}`;
    rows.forEach((r, i) => {
      where.set(r.id, { chatId: `chatgpt:${conversationId}`, turn: i });
    });
    const at = rows[0]?.createdAt ?? null;
    convs.push({
      site: 'chatgpt',
      conversationId,
      title: `Session ${s}`,
      url: `https://chatgpt.com/c/${conversationId}`,
      createdAt: at,
      updatedAt: at,
      turns: rows.map((r) => ({ role: r.meta?.speaker === user ? 'user' : 'assistant', text: r.content, at })),
    });
  }
  return { convs, where };
}

const request = (draft: string, floor: number): PastChatsRequest => ({
  draft,
  site: 'chatgpt',
  source: 'this-site',
  spaceAllowed: (space) => reaches(NO_SPACE, space),
  excludedSites: new Set(),
  privacyPatterns: [],
  floor,
});

type Where = Map<string, { chatId: string; turn: number }>;

function shown(excerpts: readonly PastChatExcerpt[], where: Where) {
  return (id: string) => {
    const w = where.get(id);
    return w !== undefined && excerpts.some((e) => e.chatId === w.chatId && e.turns.includes(w.turn));
  };
}

interface Sample {
  category: string;
  excerpts: number;
  recall: number;
  bm25: number;
  chars: number;
}

/** Today's excerpts and the judged ones, for the case's own questions and the unrelated ones. */
async function rerankCase(c: Case, others: readonly Query[], where: Where, tally: RerankTally) {
  const samples: number[] = [];
  for (const q of c.queries) {
    const today = await findPastChatExcerpts(request(q.text, MIN_COVERAGE));
    const evidence = (list: readonly PastChatExcerpt[]) =>
      q.relevant.filter(shown(list, where)).length / Math.max(1, q.relevant.length);
    samples.push(
      evidence(await judgedExcerptsFor(q.id, q.text, request(q.text, MIN_COVERAGE), today, tally, evidence)),
    );
  }
  let unrelated = 0;
  for (const q of others) {
    const today = await findPastChatExcerpts(request(q.text, MIN_COVERAGE));
    const id = `${c.id}~unrelated~${q.id}`;
    if ((await judgedExcerptsFor(id, q.text, request(q.text, MIN_COVERAGE), today, tally)).length > 0) unrelated++;
  }
  return { samples, unrelated: unrelated / Math.max(1, others.length) };
}

async function runCase(c: Case, others: readonly Query[], floors: readonly number[], tally: RerankTally | null) {
  await emptyStore();
  const { convs, where } = sessionsOf(c);
  await storeImported(convs);
  await keepHistoryIndexed();
  const bm25 = bm25Ranker(c.memories);
  const out = new Map<number, { samples: Sample[]; unrelated: number }>();
  for (const floor of floors) {
    const samples: Sample[] = [];
    for (const q of c.queries) {
      const excerpts = await findPastChatExcerpts(request(q.text, floor));
      const relevant = new Set(q.relevant);
      const isShown = shown(excerpts, where);
      samples.push({
        category: q.categoryName ?? String(q.category ?? '?'),
        excerpts: excerpts.length,
        recall: q.relevant.filter(isShown).length / Math.max(1, q.relevant.length),
        bm25: recallAt(bm25(q.text), relevant, 5),
        chars: excerpts.reduce((n, e) => n + e.text.length, 0),
      });
    }
    let unrelated = 0;
    for (const q of others) if ((await findPastChatExcerpts(request(q.text, floor))).length > 0) unrelated++;
    out.set(floor, { samples, unrelated: unrelated / Math.max(1, others.length) });
  }
  return { byFloor: out, rerank: tally ? await rerankCase(c, others, where, tally) : null };
}

function summary(samples: readonly Sample[]) {
  const row = (list: readonly Sample[]) => ({
    queries: list.length,
    excerpts: mean(list.map((s) => s.recall)),
    bm25r5: mean(list.map((s) => s.bm25)),
    none: mean(list.map((s) => (s.excerpts === 0 ? 1 : 0))),
    chars: mean(list.map((s) => s.chars)),
  });
  const categories = [...new Set(samples.map((s) => s.category))].sort();
  return {
    all: row(samples),
    byCategory: Object.fromEntries(categories.map((k) => [k, row(samples.filter((s) => s.category === k))])),
  };
}

async function quality() {
  const halves = splitCases(doc.cases as unknown as BenchCase[]) as unknown as Record<string, Case[]>;
  const json: Record<string, unknown> = {};
  const whole = { today: emptyFigures(), judged: emptyFigures(), tally: new RerankTally(RERANK_DIRS) };
  for (const half of HALVES) {
    const cases = halves[half]!;
    const floors = half === 'tuning' ? FLOORS : [MIN_COVERAGE];
    const byFloor = new Map<number, { samples: Sample[]; unrelated: number[] }>();
    const tally = RERANK ? new RerankTally(RERANK_DIRS) : null;
    const judged = emptyFigures();
    for (const [i, c] of cases.entries()) {
      // Unrelated requests: the questions of another conversation of the same half.
      const other = cases[(i + 1) % cases.length]!;
      const others = other === c ? [] : other.queries;
      const run = await runCase(c, others, floors, tally);
      for (const [floor, r] of run.byFloor) {
        const acc = byFloor.get(floor) ?? { samples: [], unrelated: [] };
        acc.samples.push(...r.samples);
        acc.unrelated.push(r.unrelated);
        byFloor.set(floor, acc);
      }
      if (run.rerank) addFigures(judged, run.rerank.samples, run.rerank.unrelated);
    }
    const main = byFloor.get(MIN_COVERAGE)!;
    const s = summary(main.samples);
    console.log(
      `\n## ${doc.name ?? file} — ${half} half (${cases.map((c) => c.id).join(', ')}), floor ${MIN_COVERAGE}`,
    );
    console.log(
      `evidence turns inside the two excerpts (≤ 600 characters each; a turn counts when whole or its first ${SHOWN_CHARS} characters are shown)`,
    );
    const rows = [['all', s.all] as const, ...Object.entries(s.byCategory).map(([k, v]) => [k, v] as const)].map(
      ([k, v]) => [k, v.queries, v.excerpts, v.bm25r5, v.none, v.chars.toFixed(0)],
    );
    console.log(table(['category', 'questions', 'two excerpts', 'BM25 turns R@5', 'no excerpt', 'mean chars'], rows));
    const unrelated = mean(main.unrelated);
    console.log(
      `unrelated requests (another conversation's questions) given an excerpt: ${(unrelated * 100).toFixed(1)} %`,
    );
    for (const x of main.unrelated) addFigures(whole.today, [], x);
    addFigures(
      whole.today,
      main.samples.map((x) => x.recall),
      null,
    );
    const rerank = tally ? printJudged(`${half} half`, main, judged, tally) : null;
    if (tally) {
      whole.tally.merge(tally);
      addFigures(whole.judged, judged.recall, null);
      for (const x of judged.unrelated) addFigures(whole.judged, [], x);
    }
    const sweep: Record<string, unknown> = {};
    if (half === 'tuning') {
      console.log('\nrelevance floor on the tuning half (the floor is chosen here only):');
      const sweepRows = FLOORS.map((f) => {
        const r = byFloor.get(f)!;
        const recall = mean(r.samples.map((x) => x.recall));
        const un = mean(r.unrelated);
        sweep[String(f)] = { excerpts: recall, unrelated: un };
        return [String(f), recall, `${(un * 100).toFixed(1)} %`];
      });
      console.log(table(['floor', 'two excerpts', 'unrelated given one'], sweepRows));
    }
    json[half] = {
      cases: cases.map((c) => c.id),
      floor: MIN_COVERAGE,
      ...s,
      unrelated,
      ...(half === 'tuning' ? { sweep } : {}),
      ...(rerank ? { rerank } : {}),
    };
  }
  console.log(`\n## ${doc.name ?? file} — whole file, floor ${MIN_COVERAGE}`);
  const today = { samples: whole.today.recall.map((recall) => ({ recall })), unrelated: whole.today.unrelated };
  console.log(
    table(
      ['questions', 'two excerpts', 'unrelated given one'],
      [[today.samples.length, mean(whole.today.recall), `${(mean(whole.today.unrelated) * 100).toFixed(1)} %`]],
    ),
  );
  json.whole = {
    excerpts: mean(whole.today.recall),
    unrelated: mean(whole.today.unrelated),
    ...(RERANK ? { rerank: printJudged('whole file', today, whole.judged, whole.tally) } : {}),
  };
  return json;
}

const ORIGIN = 'https://past-chats-bench.test';

async function inChromium(chats: number): Promise<SpeedFigures> {
  const script = await pageScript('past-chats-page.ts');
  const context = await chromium.launchPersistentContext(freshDir('past-chats-bench'), {
    executablePath: CHROMIUM_BIN,
    headless: false,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    await context.route(`${ORIGIN}/**`, (route) =>
      route.request().url().endsWith('/bench.js')
        ? route.fulfill({ contentType: 'text/javascript', body: script })
        : route.fulfill({ contentType: 'text/html', body: '<!doctype html><script src="/bench.js"></script>' }),
    );
    const page = await context.newPage();
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => window.__pastChatsBench !== undefined);
    return await page.evaluate((n) => window.__pastChatsBench.run(n), chats);
  } finally {
    await context.close();
  }
}

async function speed(chats: number) {
  const browser = values.only === 'node' ? null : await inChromium(chats);
  let node: SpeedFigures | null = null;
  if (values.only !== 'chromium') {
    await emptyStore();
    node = await runPastChatsSpeed(chats);
  }
  const row = (name: string, f: SpeedFigures | null) =>
    f
      ? [
          name,
          f.chats,
          `${f.indexS.toFixed(0)} s`,
          f.requests,
          f.first.toFixed(1),
          f.p50.toFixed(1),
          f.p95.toFixed(1),
          f.max.toFixed(1),
          f.withExcerpts,
        ]
      : [name, '—', '—', '—', '—', '—', '—', '—', '—'];
  console.log('\nadded time to the ranked preview (the excerpt search), ms');
  console.log(
    table(
      ['store', 'chats', 'indexed in', 'requests', 'first', 'p50', 'p95', 'max', 'given excerpts'],
      [row('Chromium IndexedDB (product)', browser), row('Node fake-indexeddb', node)],
    ),
  );
  return { chromium: browser, node };
}

const result = {
  file,
  quality: values['speed-only'] ? null : await quality(),
  speed: Number(values.chats) > 0 ? await speed(Number(values.chats)) : null,
};
writeJson(values.json ?? null, result);
