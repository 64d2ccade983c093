/**
 * Dates through extraction: each turn's day reaches the model (where the day changes, in the
 * user's time zone), the prompt asks for absolute dates, a valid `when` is stored with the
 * memory and a malformed one is refused while the memory is kept.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listMemories } from '../../../lib/db/memories';
import { EXTRACT_SYSTEM_PROMPT } from '../../../lib/extraction/extract-prompt';
import { SaveMemoriesSchema } from '../../../lib/extraction/extract-schema';
import { prepareTurns, renderWindow } from '../../../lib/extraction/transcript';
import { localDay } from '../../../lib/memory/when';
import { setClock } from '../../../lib/time';
import { FakeAnthropicApi } from '../../fake-api/server';
import { finishedChat, saveMemories, sentUser, setUpQueue } from './harness';

const api = new FakeAnthropicApi();
beforeAll(() => api.start());
afterAll(() => api.stop());
beforeEach(() => api.reset());
afterEach(() => setClock(null));

const turn = (role: 'user' | 'assistant', text: string, at: string) => ({ role, text, at });

describe('the transcript carries each turn’s day', () => {
  it('names the day on the first turn and where it changes, in the user’s time zone', () => {
    const turns = [
      turn('user', 'My interview is next Friday.', '2026-11-20T15:50:00.000Z'),
      turn('assistant', 'Good luck!', '2026-11-20T15:51:00.000Z'),
      turn('user', 'And the flight is tomorrow.', '2026-11-20T16:10:00.000Z'),
    ];
    // 16:00 UTC is midnight in Shanghai: the chat spans two of the user's days there, one in UTC.
    const inShanghai = renderWindow({
      head: [],
      turns: prepareTurns(turns, [], undefined, [], 'Asia/Shanghai').turns,
      omitted: 0,
    });
    expect(inShanghai).toContain('<turn n="1" role="user" date="2026-11-20">');
    expect(inShanghai).toContain('<turn n="2" role="assistant">');
    expect(inShanghai).toContain('<turn n="3" role="user" date="2026-11-21">');
    const inUtc = renderWindow({ head: [], turns: prepareTurns(turns, [], undefined, [], 'UTC').turns, omitted: 0 });
    expect(inUtc.match(/date="/g)).toHaveLength(1);
  });

  it('asks the model for absolute dates instead of keeping relative ones', () => {
    expect(EXTRACT_SYSTEM_PROMPT).toContain('"next Friday" written on 2026-11-20 becomes "on 2026-11-27"');
    expect(EXTRACT_SYSTEM_PROMPT).not.toMatch(/every number, amount, date and unit exactly/);
  });
});

describe('the date a memory is about, from the model’s answer', () => {
  it('refuses a malformed date and keeps the memory without it', () => {
    const parsed = SaveMemoriesSchema.parse({
      summary: 's',
      memories: [
        { op: 'add', content: 'Interview on 2026-11-27', type: 'task', importance: 3, when: '2026-11-27' },
        { op: 'add', content: 'Trip on 2026-02-30', type: 'task', importance: 3, when: '2026-02-30' },
        { op: 'add', content: 'Dentist next Friday', type: 'task', importance: 3, when: 'next Friday' },
        { op: 'add', content: 'Course', type: 'task', importance: 3, when: '2026-12-10/2026-12-01' },
        { op: 'add', content: 'Move', type: 'fact', importance: 3, when: 20261127 },
      ],
    });
    expect(parsed.memories.map((m) => m.when)).toEqual(['2026-11-27', undefined, undefined, undefined, undefined]);
    expect(parsed.memories).toHaveLength(5);
  });

  it('stores the day with the memory, from a chat that spans midnight', async () => {
    const { queue } = await setUpQueue(api);
    // Ten minutes before midnight where the test runs: the user's own midnight.
    const late = new Date(2026, 10, 21, 0, 0).getTime() - 10 * 60_000;
    setClock(() => late);
    await recordFirstTurn();
    setClock(() => late + 20 * 60_000);
    await finishedChat([
      { role: 'user', text: 'My interview is next Friday.' },
      { role: 'assistant', text: 'Good luck!' },
      { role: 'user', text: 'The flight to Lisbon is tomorrow.' },
    ]);
    api.enqueue(
      saveMemories('Interview and a flight.', [
        {
          op: 'add',
          content: 'User’s interview is on 2026-11-27',
          type: 'task',
          importance: 4,
          from: [1],
          when: '2026-11-27',
        },
        {
          op: 'add',
          content: 'User flies to Lisbon on 2026-11-22',
          type: 'task',
          importance: 3,
          from: [3],
          when: '2026-11-31',
        },
        // A real calendar day, but 73 years after the chat: a slip for 2026, never stored.
        {
          op: 'add',
          content: 'User’s passport expires on 2029-03-04',
          type: 'fact',
          importance: 3,
          from: [3],
          when: '2099-03-04',
        },
      ]),
    );
    await queue.kick();
    const user = sentUser(api.messageRequests()[0]);
    expect(localDay(late)).toBe('2026-11-20');
    expect(user).toContain(`<turn n="1" role="user" date="${localDay(late)}">`);
    expect(user).toContain(`<turn n="3" role="user" date="${localDay(late + 20 * 60_000)}">`);
    const stored = await listMemories();
    expect(stored.find((m) => m.content.includes('interview'))?.when).toBe('2026-11-27');
    const flight = stored.find((m) => m.content.includes('Lisbon'));
    expect(flight).toBeDefined();
    expect(flight?.when).toBeUndefined();
    const passport = stored.find((m) => m.content.includes('passport'));
    expect(passport).toBeDefined();
    expect(passport?.when).toBeUndefined();
  });
});

/** The first message, captured before midnight: its time is kept when the chat is captured again. */
async function recordFirstTurn(): Promise<void> {
  const { recordCapture } = await import('../../../lib/db/chats');
  await recordCapture({
    site: 'chatgpt',
    conversationId: 'conv-1',
    url: 'https://chatgpt.com/c/conv-1',
    title: 'A chat',
    turns: [
      { role: 'user', text: 'My interview is next Friday.' },
      { role: 'assistant', text: 'Good luck!' },
    ],
  });
}
