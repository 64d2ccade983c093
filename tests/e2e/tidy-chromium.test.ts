/**
 * Tidy up end to end in real Chromium through the fake Messages API: memories with
 * duplicates (English and Chinese) are grouped on the machine, the panel shows the groups and
 * the cost before any request reaches the API, the model's proposals are shown as before /
 * after, the user accepts two of three, undoes one, and the store holds exactly that.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryRecord } from '../../lib/memory/types';
import { SETTINGS_VERSION } from '../../lib/settings/schema';
import { TIDY_TOOL_NAME } from '../../lib/tidy/prompt';
import type { TidyProposalRow } from '../../lib/tidy/proposal';
import { FakeAnthropicApi, type ReceivedRequest, toolUseMessage } from '../fake-api/server';
import { audit, describeViolations } from './harness/axe';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { ask, readStore } from './harness/extension-calls';
import { memoriesAction } from './harness/panel';
import { putRows } from './harness/seed';

const KEY = 'sk-ant-api03-E2E-tidyup-0123456789abcdefghijklmnopqrstuvwx';

function record(id: string, content: string, updatedAt: string, extra: Partial<MemoryRecord> = {}): MemoryRecord {
  return {
    id,
    content,
    type: 'fact',
    importance: 3,
    tags: [],
    status: 'active',
    scope: 'global',
    pinned: false,
    note: '',
    createdAt: updatedAt,
    updatedAt,
    lastHitAt: null,
    hitCount: 0,
    supersededBy: null,
    source: null,
    feedback: 0,
    origin: { kind: 'sent' },
    ...extra,
  };
}

const DOG_KEYWORDS = ['pet', 'dog', 'corgi', 'Doudou', '宠物', '柯基'];

const SEED = [
  record('cat-old', "User's cat is called Zorblax", '2026-09-01T08:00:00.000Z'),
  record('cat-new', 'User has a cat called Zorblax', '2026-11-01T08:00:00.000Z'),
  // The extraction model's keywords, as stored memories carry them.
  record('dog-old', '用户养了一只叫豆豆的柯基', '2026-08-01T08:00:00.000Z', { keywords: DOG_KEYWORDS }),
  record('dog-new', '用户养的柯基叫豆豆', '2026-10-01T08:00:00.000Z', { keywords: DOG_KEYWORDS }),
  record('job-old', 'User works at Lumora Robotics as a firmware engineer', '2026-05-01T08:00:00.000Z', {
    pinned: true,
  }),
  record('job-new', 'User is a firmware engineer at Lumora Robotics', '2026-11-20T08:00:00.000Z'),
  record('rust', 'User is learning Rust', '2026-11-02T08:00:00.000Z'),
  record('hike', '用户喜欢爬山', '2026-11-03T08:00:00.000Z'),
];
const CAT_TEXT = 'User has a tabby cat called Zorblax';
const DOG_TEXT = '用户养了一只叫豆豆的柯基犬';

/** The groups of a request, each note's label and text. */
function groupsOf(req: ReceivedRequest) {
  const text = (req.body as { messages: { content: string }[] }).messages[0]?.content ?? '';
  return [...text.matchAll(/<group id="(g\d+)"[^>]*>\n([\s\S]*?)\n<\/group>/g)].map((m) => ({
    id: m[1]!,
    notes: [...m[2]!.matchAll(/^\[(g\d+m\d+)\] \([^)]*\) (.*)$/gm)].map((n) => ({ label: n[1]!, text: n[2]! })),
  }));
}

function answer(req: ReceivedRequest) {
  const groups = groupsOf(req).map((g) => {
    const label = (needle: string) => g.notes.find((n) => n.text.includes(needle))?.label ?? '';
    const all = g.notes.map((n) => n.label);
    if (g.notes.some((n) => n.text.includes('Zorblax')))
      return { group: g.id, action: 'merge', ids: all, keep: label('has a cat'), text: CAT_TEXT, reason: 'Same cat.' };
    if (g.notes.some((n) => n.text.includes('豆豆')))
      return { group: g.id, action: 'merge', ids: all, keep: label('柯基叫'), text: DOG_TEXT, reason: '同一只狗。' };
    return {
      group: g.id,
      action: 'keep-newer',
      keep: label('is a firmware'),
      ids: [label('works at')],
      reason: 'Same job, newer wording.',
    };
  });
  return { body: toolUseMessage(TIDY_TOOL_NAME, { groups }) };
}

let ext: ExtensionBrowser;
let panel: Page;
const api = new FakeAnthropicApi();

beforeAll(async () => {
  await api.start();
  api.respondWith(answer);
  ext = await launchChromium();
  panel = await ext.openSidePanel();
});

afterAll(async () => {
  await ext?.close();
  await api.stop();
});

/** Serious or critical axe-core findings on the panel as it is now. */
async function blockingViolations(where: string): Promise<string[]> {
  const found = await audit(panel);
  return describeViolations(
    where,
    found.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
  );
}

const byId = async () => new Map((await readStore<MemoryRecord>(panel, 'memories')).map((m) => [m.id, m]));

describe('Tidy up (Chromium)', () => {
  it('shows the groups and the cost before any request, proposals as before/after; accept some, undo one', async () => {
    await ask(panel, 'settings.set', { settings: { version: SETTINGS_VERSION, baseUrl: api.url }, apiKey: KEY });
    await putRows(panel, 'memories', SEED);
    await panel.reload();

    await memoriesAction(panel, 'Tidy up');
    const tidy = panel.getByRole('region', { name: 'Tidy up' });
    await expect
      .poll(() => tidy.textContent(), { timeout: 10_000 })
      .toContain('3 groups of likely duplicates or contradictions found (6 memories)');
    expect(await tidy.textContent()).toMatch(/about [\d,]+ tokens, .+, in 1 call\b/);
    // The cost is shown and nothing has gone to the model.
    expect(api.messageRequests()).toHaveLength(0);

    await tidy.getByRole('button', { name: 'Ask the model' }).click();
    const list = tidy.getByRole('region', { name: 'Tidy-up proposals' });
    await expect.poll(() => list.getByRole('article').count(), { timeout: 15_000 }).toBe(3);
    expect(api.messageRequests()).toHaveLength(1);
    expect(groupsOf(api.messageRequests()[0]!)).toHaveLength(3);

    const cat = list.getByRole('article').filter({ hasText: 'Zorblax' });
    const dog = list.getByRole('article').filter({ hasText: '豆豆' });
    const job = list.getByRole('article').filter({ hasText: 'Lumora' });
    // Before and after: the group's texts, then the result.
    const catText = (await cat.textContent()) ?? '';
    expect(catText).toContain('Before');
    expect(catText).toContain("User's cat is called Zorblax");
    expect(catText).toContain('After');
    expect(catText).toContain(CAT_TEXT);
    expect(await dog.textContent()).toContain(DOG_TEXT);
    // Accept all says, and each proposal shows, what touches a pinned memory.
    expect(await job.textContent()).toContain('changes a pinned or hand-edited memory');
    expect(await tidy.textContent()).toContain('1 of them changes a pinned or hand-edited memory');
    expect(await cat.textContent()).not.toContain('changes a pinned');

    await panel.setViewportSize({ width: 360, height: 1400 });
    await panel.screenshot({ path: 'tests/e2e/screenshots/tidy-proposals-en.png', fullPage: true });
    expect(await blockingViolations('tidy-en')).toEqual([]);

    // Accept some: two of three.
    await cat.getByRole('checkbox', { name: 'Select this proposal' }).check();
    await dog.getByRole('checkbox', { name: 'Select this proposal' }).check();
    await tidy.getByRole('button', { name: 'Accept selected (2)' }).click();
    await expect.poll(async () => (await byId()).get('cat-new')?.content, { timeout: 10_000 }).toBe(CAT_TEXT);
    let store = await byId();
    expect(store.get('cat-old')).toMatchObject({ status: 'superseded', supersededBy: 'cat-new' });
    expect(store.get('dog-new')?.content).toBe(DOG_TEXT);
    expect(store.get('dog-old')).toMatchObject({ status: 'superseded', supersededBy: 'dog-new' });
    expect(store.get('job-old')).toMatchObject({ status: 'active', pinned: true });
    expect(
      [...store.values()]
        .filter((m) => m.supersededBy === 'cat-new')
        .map((m) => m.content)
        .sort(),
    ).toEqual(['User has a cat called Zorblax', "User's cat is called Zorblax"]);
    const rows = await readStore<TidyProposalRow>(panel, 'tidy');
    expect(rows.map((r) => r.state).sort()).toEqual(['accepted', 'accepted', 'open']);

    // Undo one: the cat merge; the dog merge and the waiting job proposal stay.
    await expect.poll(() => cat.getByRole('button', { name: 'Undo' }).count(), { timeout: 10_000 }).toBe(1);
    await cat.getByRole('button', { name: 'Undo' }).click();
    await expect
      .poll(async () => (await byId()).get('cat-new')?.content, { timeout: 10_000 })
      .toBe('User has a cat called Zorblax');
    store = await byId();
    expect(store.get('cat-old')).toMatchObject({
      status: 'active',
      supersededBy: null,
      content: "User's cat is called Zorblax",
    });
    expect([...store.values()].filter((m) => m.supersededBy === 'cat-new')).toEqual([]);
    expect(store.get('dog-new')?.content).toBe(DOG_TEXT);
    expect(store.get('dog-old')?.status).toBe('superseded');
    expect(store.size).toBe(SEED.length + 1);
    const after = await readStore<TidyProposalRow>(panel, 'tidy');
    const state = (needle: string) => after.find((r) => r.before.some((m) => m.content.includes(needle)))?.state;
    expect([state('Zorblax'), state('豆豆'), state('Lumora')]).toEqual(['open', 'accepted', 'open']);

    // The reopened merge, accepted again with the user's own wording.
    await cat.getByRole('button', { name: 'Edit' }).click();
    await cat.getByLabel('Merged text').fill('User has a ginger cat called Zorblax');
    await cat.getByRole('button', { name: 'Accept edited' }).click();
    await expect
      .poll(async () => (await byId()).get('cat-new')?.content, { timeout: 10_000 })
      .toBe('User has a ginger cat called Zorblax');
    expect((await byId()).get('cat-new')?.origin).toEqual({ kind: 'hand' });

    // Still one request: accepting and undoing never call the model.
    expect(api.messageRequests()).toHaveLength(1);
  });

  it('reads in Chinese: the waiting proposals reopen from the toolbar with before / after', async () => {
    const { settings } = await ask<{ settings: Record<string, unknown> }>(panel, 'settings.get');
    await ask(panel, 'settings.set', { settings: { ...settings, language: 'zh' } });
    await panel.reload();
    await memoriesAction(panel, '整理（1 条待定）');
    const tidy = panel.getByRole('region', { name: '整理记忆' });
    const list = tidy.getByRole('region', { name: '整理建议' });
    await expect.poll(() => list.getByRole('article').count(), { timeout: 10_000 }).toBe(3);
    const text = (await tidy.textContent()) ?? '';
    for (const words of ['之前', '之后', '合并', '保留较新的', '已接受', '撤销', '全部接受（1）'])
      expect(text).toContain(words);
    await panel.screenshot({ path: 'tests/e2e/screenshots/tidy-proposals-zh.png', fullPage: true });
    expect(await blockingViolations('tidy-zh')).toEqual([]);
    expect(api.messageRequests()).toHaveLength(1);
  });
});
