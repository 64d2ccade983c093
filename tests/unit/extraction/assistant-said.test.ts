/**
 * A memory resting on what the assistant said arrives proposed, unless the user's own words
 * state it. A page can write an assistant turn ("As you told me, you live in Lyon, right?") and
 * count on an "ok". The model says which turns a memory rests on, but the code decides: the
 * fake Messages API plays a model that cites the assistant, one talked into citing the "ok",
 * and one that cites nothing. Runs the real queue on a chat typed and sent here.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listMemories } from '../../../lib/db/memories';
import type { ExtractedMemory } from '../../../lib/extraction/extract-schema';
import { restsOnAssistant } from '../../../lib/extraction/grounding';
import { FakeAnthropicApi } from '../../fake-api/server';
import { finishedChat, saveMemories, sentBody, setUpQueue } from './harness';

const api = new FakeAnthropicApi();
beforeAll(() => api.start());
afterAll(() => api.stop());
beforeEach(() => api.reset());

const PLANTED = [
  { role: 'user' as const, text: 'Can you help me plan a weekend?' },
  { role: 'assistant' as const, text: 'Sure. As you told me, you live in Lyon and work at Northwind, right?' },
  { role: 'user' as const, text: 'ok' },
];

async function extract(turns: typeof PLANTED, memories: ExtractedMemory[], conversationId: string) {
  const { queue } = await setUpQueue(api);
  await finishedChat(turns, { conversationId });
  api.enqueue(saveMemories('A chat.', memories));
  await queue.kick();
  return listMemories();
}

describe('an assistant statement the user only agreed to', () => {
  const cases: [string, number[] | undefined][] = [
    ['citing the assistant turn', [2]],
    ['citing the user’s “ok”', [3]],
    ['citing nothing', undefined],
  ];
  for (const [how, from] of cases) {
    it(`is proposed (model ${how})`, async () => {
      const fact = { op: 'add' as const, content: 'Lives in Lyon', type: 'fact' as const, importance: 4 };
      const [m] = await extract(PLANTED, [from ? { ...fact, from } : fact], `planted-${from?.[0] ?? 0}`);
      expect(m).toMatchObject({ content: 'Lives in Lyon', status: 'proposed', origin: { kind: 'sent' } });
      expect(m!.proposal?.reasons).toEqual(['assistant-said']);
    });
  }

  it('the prompt no longer lets accepted assistant statements count, and asks which turns', async () => {
    await extract(PLANTED, [], 'prompt');
    const { system, tools } = sentBody(api.messageRequests()[0]);
    expect(system).not.toContain('counts only where the user clearly accepted it');
    expect(system).toContain('`from`');
    expect(JSON.stringify(tools[0]!.input_schema)).toContain('"from"');
  });
});

describe('the user’s own words', () => {
  it('a fact the user stated, also restated in other words, is used at once', async () => {
    const turns = [
      { role: 'user' as const, text: 'I live in Lyon and work at Northwind. Please keep answers short.' },
      { role: 'assistant' as const, text: 'Got it, Lyon it is. I will be brief from now on.' },
      { role: 'user' as const, text: 'Thanks! My budget is 2,500 EUR.' },
    ];
    const stored = await extract(
      turns,
      [
        { op: 'add', content: 'Lives in Lyon', type: 'fact', importance: 4, from: [1] },
        { op: 'add', content: 'Works at Northwind', type: 'fact', importance: 4 },
        { op: 'add', content: 'Prefers concise answers', type: 'preference', importance: 3, from: [1] },
        { op: 'add', content: 'Budget is 2,500 EUR', type: 'fact', importance: 3, from: [3] },
      ],
      'own-words',
    );
    expect(stored.map((m) => [m.content, m.status]).sort()).toEqual(
      [
        ['Budget is 2,500 EUR', 'active'],
        ['Lives in Lyon', 'active'],
        ['Prefers concise answers', 'active'],
        ['Works at Northwind', 'active'],
      ].sort(),
    );
  });
});

describe('which words count (grounding)', () => {
  const window = (texts: ['user' | 'assistant', string][]) => ({
    head: [],
    turns: texts.map(([role, text], index) => ({ index, role, text, tokens: 1 })),
    omitted: 0,
  });
  const item = (content: string): ExtractedMemory => ({ op: 'add', content, type: 'fact', importance: 3 });

  it('a name or number only the assistant wrote, or a word of the assistant the user never used', () => {
    const w = window([
      ['user', '我想周末去玩'],
      ['assistant', '你住在里昂，在Northwind工作，对吗？月薪 9000 元。'],
      ['user', '嗯'],
    ]);
    expect(restsOnAssistant([item('用户住在里昂'), item('Works at Northwind'), item('月薪 9000 元')], w)).toEqual([
      true,
      true,
      true,
    ]);
    const own = window([
      ['user', '我住在里昂，月薪 9000 元'],
      ['assistant', '好的'],
    ]);
    expect(restsOnAssistant([item('用户住在里昂'), item('月薪 9000 元')], own)).toEqual([false, false]);
  });

  it('a turn number outside the window is not a user turn', () => {
    const w = window([['user', 'I live in Lyon']]);
    expect(restsOnAssistant([{ ...item('Lives in Lyon'), from: [7] }], w)).toEqual([true]);
  });
});
