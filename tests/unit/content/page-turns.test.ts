// @vitest-environment happy-dom
/**
 * The incremental path stores the same chat as a full read. Over every site's fixture page,
 * random sequences of what chats do (new exchanges streamed with reads in between, an earlier
 * turn edited in place or re-rendered, an answer regenerated, a branch switched from an earlier
 * turn, our block in a user turn) are read both ways after each step: the turns the page's
 * incremental reader gives (lib/content/page-turns.ts), sent as deltas and joined with what is
 * stored (lib/content/turn-delta.ts), must equal a full read sent whole, and so must the two
 * stored chats.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adapterForUrl } from '../../../lib/adapters';
import type { ChatSiteAdapter, ChatTurn } from '../../../lib/adapters/types';
import { cleanCapturedTurns } from '../../../lib/content/capture';
import { PageTurns } from '../../../lib/content/page-turns';
import { deltaOf, joinDelta } from '../../../lib/content/turn-delta';
import { getChat, recordCapture } from '../../../lib/db/chats';
import { renderBlock } from '../../../lib/ranking/render';
import { MAX_CHAT_TURNS } from '../../../lib/sites/bounds';
import type { SiteUi } from '../../fixtures/sites/shared/types';
import { VARIANTS } from '../../fixtures/sites/variants';
import { loadFixture } from '../adapters/fixture-dom';

const MARK = 'pt7e2mk9';
const BLOCK = renderBlock([{ type: 'fact', content: 'Lives in 成都' }], MARK);

const word = fc.constantFrom('plan', 'the', 'trip', '成都', 'é', 'x', '  ', '\n', 'line\nnext', '42');
const text = fc.array(word, { minLength: 1, maxLength: 8 }).map((w) => `${w.join(' ')} end`);
const at = fc.double({ min: 0, max: 1, noNaN: true });

type Op =
  | { kind: 'exchange'; user: string; answer: string; writes: number; block: boolean }
  | { kind: 'edit'; at: number; text: string; rerender: boolean }
  | { kind: 'regenerate'; answer: string; writes: number }
  | { kind: 'branch'; at: number; user: string; answer: string };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('exchange' as const),
      user: text,
      answer: text,
      writes: fc.integer({ min: 1, max: 4 }),
      block: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('edit' as const), at, text, rerender: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('regenerate' as const),
      answer: text,
      writes: fc.integer({ min: 1, max: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('branch' as const), at, user: text, answer: text }) },
);

/** The page as the content script sees it: an observer feeding the incremental reader. */
function watch(adapter: ChatSiteAdapter) {
  const turns = new PageTurns(adapter);
  const observer = new MutationObserver((records) => turns.changed(records));
  observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true, attributes: true });
  return {
    read: () => {
      turns.changed(observer.takeRecords());
      return turns.read([MARK]);
    },
    stop: () => observer.disconnect(),
  };
}

/** Streams an answer in `writes` steps, reading the page between them as the health check does. */
function stream(ui: SiteUi, answer: string, writes: number, read: () => unknown): void {
  const turn = ui.addAssistant();
  for (let i = 1; i <= writes; i++) {
    turn.write(answer.slice(0, Math.ceil((answer.length * i) / writes)));
    read();
  }
  turn.finish();
}

function apply(ui: SiteUi, adapter: ChatSiteAdapter, step: Op, read: () => unknown): void {
  const els = adapter.turnElements(document);
  const pick = (f: number) => els[Math.min(els.length - 1, Math.floor(f * els.length))];
  if (step.kind === 'exchange') {
    ui.addUser(step.block ? `${BLOCK}\n\n${step.user}` : step.user);
    stream(ui, step.answer, step.writes, read);
  } else if (step.kind === 'edit') {
    const turn = pick(step.at);
    const walker = turn && document.createTreeWalker(turn.el, NodeFilter.SHOW_TEXT);
    let node = walker?.nextNode();
    while (node && !node.nodeValue?.trim()) node = walker?.nextNode();
    if (!node) return;
    // In place (a characterData change), or re-rendered as a new element (a childList change).
    if (step.rerender)
      node.parentNode?.replaceChild(Object.assign(document.createElement('span'), { textContent: step.text }), node);
    else node.nodeValue = step.text;
  } else if (step.kind === 'regenerate') {
    const last = [...els].reverse().find((t) => t.role === 'assistant');
    if (!last) return;
    last.el.remove();
    stream(ui, step.answer, step.writes, read);
  } else {
    const from = els.indexOf(pick(step.at)!);
    if (from < 0) return;
    for (const t of els.slice(from)) t.el.remove();
    ui.addUser(step.user);
    stream(ui, step.answer, 1, read);
  }
}

const plain = (turns: readonly ChatTurn[]) => turns.map(({ role, text }) => ({ role, text }));

/** Stores the page both ways after each step and compares them. */
async function checkBothPaths(v: (typeof VARIANTS)[number], steps: readonly Op[], earlier = 0) {
  const adapter = adapterForUrl(v.home)!;
  const ui = await loadFixture(v.site, v.html, v.ui);
  for (let i = 0; i < earlier; i++) {
    ui.addUser(`earlier question ${i}`);
    stream(ui, `earlier answer ${i}`, 1, () => {});
  }
  const page = watch(adapter);
  const id = crypto.randomUUID();
  let sent: string[] = [];
  try {
    for (const step of [...steps, null]) {
      if (step) apply(ui, adapter, step, page.read);
      const full = cleanCapturedTurns(adapter.readTurns(document), [MARK]);
      const read = page.read();
      expect(plain(read)).toEqual(full);
      const stored = (await getChat(`${v.site}:inc-${id}`))?.turns ?? [];
      const delta = deltaOf(read, sent);
      const joined = joinDelta(stored, delta.base, delta.prefix, delta.turns) ?? joinDelta(stored, 0, '', plain(read));
      expect(joined).toEqual(full);
      await recordCapture({
        site: v.site,
        conversationId: `inc-${id}`,
        url: v.home,
        title: 't',
        turns: joined!,
        marks: [MARK],
      });
      await recordCapture({
        site: v.site,
        conversationId: `full-${id}`,
        url: v.home,
        title: 't',
        turns: full,
        marks: [MARK],
      });
      sent = read.map((t) => t.hash);
      const [a, b] = await Promise.all([getChat(`${v.site}:inc-${id}`), getChat(`${v.site}:full-${id}`)]);
      expect(plain(a?.turns ?? [])).toEqual(plain(b?.turns ?? []));
    }
  } finally {
    page.stop();
  }
}

describe('incremental reading stores what a full read stores', () => {
  it.each(VARIANTS.map((v) => [`${v.site} ${v.name}`, v] as const))(
    '%s',
    async (_name, v) => {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), (steps) => checkBothPaths(v, steps, 3)),
        { numRuns: 12 },
      );
    },
    120_000,
  );

  it('a chat longer than the bound: edits before and after the cut, a regenerated last answer', async () => {
    const v = VARIANTS.find((x) => x.site === 'chatgpt')!;
    const steps: Op[] = [
      { kind: 'edit', at: 0.001, text: 'edited near the top', rerender: false },
      { kind: 'edit', at: 0.999, text: 'edited past the cut', rerender: true },
      { kind: 'regenerate', answer: 'a new last answer', writes: 2 },
      { kind: 'exchange', user: 'one more', answer: 'and its answer', writes: 2, block: true },
    ];
    await checkBothPaths(v, steps, MAX_CHAT_TURNS / 2 + 10);
  }, 120_000);
});
