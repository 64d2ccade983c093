/**
 * An import file whose records each parse but do not hold together is refused with a named
 * error and the first offending path, and the store is left as it was.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { putMemories } from '../../../lib/db/memories';
import { readAllForExport } from '../../../lib/db/transfer';
import { MemoryFileError, parseMemoryFile } from '../../../lib/memory-file/format';
import { setClock } from '../../../lib/time';
import { extensionSender, memory, routerOptions } from '../helpers';

const NOW = Date.parse('2026-11-02T08:00:00.000Z');
const AT = '2026-11-01T08:00:00.000Z';
const figures = { files: 0, refused: 0, storeChanged: 0 };

const mem = (over: object = {}) => ({
  id: 'm1',
  content: 'Lives in Chengdu',
  type: 'fact',
  updatedAt: AT,
  createdAt: AT,
  ...over,
});
const chat = (over: object = {}) => ({
  id: 'chatgpt:x',
  site: 'chatgpt',
  conversationId: 'x',
  url: 'https://chatgpt.com/c/x',
  title: 'A chat',
  turns: [],
  version: 1,
  state: 'finished',
  summary: '',
  extractedVersion: 1,
  createdAt: AT,
  updatedAt: AT,
  lastActivityAt: AT,
  ...over,
});
const file = (memories: object[], chats: object[] = []) =>
  JSON.stringify({ format: 'claude-mem.memories', version: 1, memories, chats });

const CASES: [string, string, RegExp][] = [
  [
    'duplicate_id',
    file([mem(), mem({ content: 'Lives in Beijing' })]),
    /^memories\[1\]\.id: duplicate id "m1" \(also memories\[0\]\)$/,
  ],
  ['duplicate_id', file([], [chat(), chat()]), /^chats\[1\]\.id: duplicate id "chatgpt:x"/],
  [
    'dangling_superseded_by',
    file([mem({ status: 'superseded', supersededBy: 'nowhere' })]),
    /^memories\[0\]\.supersededBy: "nowhere" is not the id/,
  ],
  [
    'unknown_site',
    file([mem({ source: { site: 'evil site', url: 'x', chatId: 'evil:1' } })]),
    /^memories\[0\]\.source\.site: expected a site id/,
  ],
  [
    'unknown_site',
    file([mem({ source: { site: 'attacker', url: 'x', chatId: 'attacker:1' } })]),
    /^memories\[0\]\.source\.site/,
  ],
  [
    'future_timestamp',
    file([mem({ updatedAt: '9999-12-31T00:00:00.000Z' })]),
    /^memories\[0\]\.updatedAt: 9999-12-31T00:00:00\.000Z is in the future/,
  ],
  [
    'future_timestamp',
    file([], [chat({ updatedAt: '2026-11-03T08:00:01.000Z' })]),
    /^chats\[0\]\.updatedAt: .* is in the future/,
  ],
  [
    'chat_site_mismatch',
    file([], [chat({ id: 'claude:x' })]),
    /^chats\[0\]\.id: expected "chatgpt:x" for site chatgpt, got "claude:x"$/,
  ],
  [
    'chat_site_mismatch',
    file([mem({ source: { site: 'chatgpt', url: 'x', chatId: 'claude:1' } })]),
    /^memories\[0\]\.source\.chatId/,
  ],
];

afterAll(() => {
  console.info(
    `import rules: ${figures.files} inconsistent files, ${figures.refused} refused with a named error, store changed ${figures.storeChanged} times`,
  );
});

describe('import rules', () => {
  it.each(CASES)('refuses %s: %#', (rule, text, message) => {
    setClock(() => NOW);
    let error: unknown = null;
    try {
      parseMemoryFile(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MemoryFileError);
    expect((error as MemoryFileError).message).toMatch(message);
    expect((error as MemoryFileError).rule).toBe(rule);
  });

  it('refuses each through the real router and leaves the store unchanged', async () => {
    setClock(() => NOW);
    await putMemories([memory({ content: 'Already here' }, { id: 'kept' })]);
    const before = JSON.stringify(await readAllForExport());
    const route = createRouter(handlers, routerOptions);
    for (const [, text, message] of CASES) {
      figures.files++;
      const reply = (await route({ type: 'transfer.import', payload: { text } }, extensionSender)) as {
        ok: boolean;
        error?: { code: string; message: string };
      };
      if (!reply.ok && reply.error?.code === 'bad_request' && message.test(reply.error.message)) figures.refused++;
      expect(reply.ok).toBe(false);
      if (JSON.stringify(await readAllForExport()) !== before) figures.storeChanged++;
    }
    expect(figures.refused).toBe(CASES.length);
    expect(figures.storeChanged).toBe(0);
  });

  it('accepts what the extension itself writes: a host name for a page remembered from the web, a link to a stored memory, a time within a day', async () => {
    setClock(() => NOW);
    await putMemories([memory({ content: 'Old city' }, { id: 'stored-1' })]);
    const ok = file([
      mem({ source: { site: 'example.com', url: 'https://example.com/a', chatId: '' } }),
      mem({
        id: 'm2',
        content: 'New city',
        status: 'superseded',
        supersededBy: 'm1',
        updatedAt: '2026-11-03T07:00:00.000Z',
      }),
      mem({ id: 'm3', content: 'Moved', status: 'superseded', supersededBy: 'stored-1' }),
    ]);
    const route = createRouter(handlers, routerOptions);
    const reply = (await route({ type: 'transfer.import', payload: { text: ok } }, extensionSender)) as { ok: boolean };
    expect(reply.ok).toBe(true);
  });
});
