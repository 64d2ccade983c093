/** What reaches the API (redacted, stripped, split) and what comes back into the store (merged, verbatim). */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installMark } from '../../../lib/db/install-mark';
import { listMemories, putMemories } from '../../../lib/db/memories';
import { EXTRACT_SYSTEM_PROMPT } from '../../../lib/extraction/extract-prompt';
import { renderBlock } from '../../../lib/ranking/render';
import { FakeAnthropicApi } from '../../fake-api/server';
import { memory } from '../helpers';
import { aliasOf, finishedChat, saveMemories, sentBody, sentUser, setUpQueue } from './harness';

const api = new FakeAnthropicApi();
beforeAll(() => api.start());
afterAll(() => api.stop());
beforeEach(() => api.reset());

const ID_NUMBER = '11010519491231002X'; // valid GB 11643 check digit
const CARD = '4111 1111 1111 1111'; // passes Luhn
const TOKEN = 'ghp_9aZq81LmN0pQr5StUv7WxY2zAbC3dEf4GhIj';

describe('before sending', () => {
  it('redacts ID numbers, cards, keys, password lines and user patterns from the request body', async () => {
    const { queue } = await setUpQueue(api, {
      settings: { privacyPatterns: [{ label: 'project', pattern: 'Project Falcon' }] },
    });
    await finishedChat([
      { role: 'user', text: `我的身份证号是${ID_NUMBER}，银行卡 ${CARD}。` },
      { role: 'assistant', text: `Card ${CARD.replaceAll(' ', '-')} noted.` },
      {
        role: 'user',
        text: `Deploy with token ${TOKEN}\nmy password is hunter2-Blue!\n我的密码是 qwerty123\nIt's for Project Falcon.`,
      },
    ]);
    api.enqueue(saveMemories('s', []));
    await queue.kick();
    const raw = api.messageRequests()[0]?.rawBody ?? '';
    for (const secret of [ID_NUMBER, '4111', TOKEN, 'hunter2', 'qwerty123', 'Project Falcon']) {
      expect(raw).not.toContain(secret);
    }
    const user = sentUser(api.messageRequests()[0]);
    expect(user).toContain('我的身份证号是[redacted: ID number]，银行卡 [redacted: card number]。');
    expect(user).toContain('[redacted: password line]');
    expect(user).toContain("It's for [redacted: project].");
  });

  it('strips the memory block the extension injected, so memories are not re-extracted from themselves', async () => {
    const { queue } = await setUpQueue(api);
    // The block as this install wrote it (its mark on the first line).
    const block = renderBlock([{ type: 'fact', content: 'Lives in Beijing' }], await installMark('chatgpt'));
    await finishedChat([{ role: 'user', text: `${block}\n\nWhat should I cook tonight?` }]);
    api.enqueue(saveMemories('s', []));
    await queue.kick();
    const user = sentUser(api.messageRequests()[0]);
    expect(user).toContain('What should I cook tonight?');
    expect(user).not.toContain('claude-mem');
  });

  it('sends the related existing memories with ids the model can target', async () => {
    const { queue } = await setUpQueue(api);
    await putMemories([
      memory({ content: 'Lives in Beijing', type: 'fact' }),
      memory({ content: 'Owns a red bicycle' }),
    ]);
    await finishedChat([{ role: 'user', text: 'I moved out of Beijing to Chengdu.' }]);
    api.enqueue(saveMemories('s', []));
    await queue.kick();
    const req = api.messageRequests()[0]!;
    expect(aliasOf(req, 'Lives in Beijing')).toBe('m1');
    expect(sentUser(req)).not.toContain('red bicycle');
  });
});

describe('after receiving', () => {
  it('merges duplicates, applies supersede, detects contradictions and drops private items', async () => {
    const { queue } = await setUpQueue(api);
    const city = memory({ content: 'Lives in Beijing', type: 'fact', importance: 4 });
    const style = memory({ content: 'Prefers concise answers', type: 'preference' });
    const coffee = memory({ content: 'Likes americano', type: 'preference' });
    await putMemories([city, style, coffee]);
    await finishedChat([
      {
        role: 'user',
        text: 'Beijing is behind me: Chengdu now. Keep answers concise. I quit coffee, tea now; americano is not for me any more.',
      },
    ]);
    api.respondWith((req) =>
      saveMemories('Moved; quit coffee.', [
        {
          op: 'supersede',
          target: aliasOf(req, 'Lives in Beijing'),
          content: 'Moved to Chengdu',
          type: 'fact',
          importance: 4,
        },
        { op: 'add', content: 'Prefers concise answers.', type: 'preference', importance: 5 },
        { op: 'add', content: "Doesn't like americano any more", type: 'preference', importance: 3 },
        { op: 'add', content: `Bank card ${CARD}`, type: 'fact', importance: 3 },
      ]),
    );
    await queue.kick();
    const all = await listMemories();
    const byContent = new Map(all.map((m) => [m.content, m]));
    expect(byContent.get('Lives in Beijing')).toMatchObject({
      status: 'superseded',
      supersededBy: byContent.get('Moved to Chengdu')?.id,
    });
    expect(byContent.get('Likes americano')).toMatchObject({ status: 'superseded' });
    expect(byContent.get("Doesn't like americano any more")?.status).toBe('active');
    // The restatement is already known: the stored memory is unchanged, no second copy.
    expect(all.filter((m) => m.content.startsWith('Prefers concise'))).toEqual([
      expect.objectContaining({ id: style.id, importance: style.importance, content: style.content, status: 'active' }),
    ]);
    expect(all.some((m) => m.content.includes('4111'))).toBe(false);
    expect(
      all
        .filter((m) => m.status === 'active')
        .map((m) => m.content)
        .sort(),
    ).toEqual(["Doesn't like americano any more", 'Moved to Chengdu', 'Prefers concise answers']);
  });

  it('keeps a Chinese chat Chinese: the prompt says so, and the answer is stored verbatim', async () => {
    const { queue } = await setUpQueue(api);
    await finishedChat([
      { role: 'user', text: '以后叫我小李就行。我平时晚上九点以后才有空学习，预算是¥2,850,000.00。' },
      { role: 'assistant', text: '好的小李，那我们把学习安排在晚上九点后。' },
    ]);
    const answers = [
      { op: 'add' as const, content: '用户希望被称呼为小李', type: 'preference' as const, importance: 5 },
      { op: 'add' as const, content: '用户每晚九点以后才有空学习', type: 'preference' as const, importance: 4 },
      { op: 'add' as const, content: '买房预算是¥2,850,000.00', type: 'fact' as const, importance: 4 },
    ];
    api.enqueue(saveMemories('小李安排了晚上九点后的学习时间。', answers));
    await queue.kick();
    expect(EXTRACT_SYSTEM_PROMPT).toContain('Chinese stays Chinese');
    expect(sentBody(api.messageRequests()[0]).system).toBe(EXTRACT_SYSTEM_PROMPT);
    expect(sentUser(api.messageRequests()[0])).toContain('以后叫我小李就行。');
    expect((await listMemories()).map((m) => m.content).sort()).toEqual(answers.map((a) => a.content).sort());
  });
});
