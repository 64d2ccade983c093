/** Chat repository: merging what a page shows, stripping the injected block, exclusion, finishing. */
import { describe, expect, it } from 'vitest';
import {
  chatStatus,
  cleanTurns,
  excludeChat,
  finishChat,
  getChat,
  idleOpenChats,
  includeChat,
  mergeTurns,
  recordCapture,
} from '../../../lib/db/chats';
import { listJobs } from '../../../lib/db/jobs';
import { importParsed } from '../../../lib/db/transfer';
import { chatIdOf } from '../../../lib/memory/new-chat';
import type { Turn } from '../../../lib/memory/types';
import { parseMemoryFile, serializeMemoryFile } from '../../../lib/memory-file/format';
import { renderBlock } from '../../../lib/ranking/render';
import { setClock } from '../../../lib/time';
import { chat } from '../helpers';

const T0 = '2026-11-01T08:00:00.000Z';
const T1 = '2026-11-01T09:00:00.000Z';
const u = (text: string) => ({ role: 'user' as const, text });
const a = (text: string) => ({ role: 'assistant' as const, text });
const stored = (...turns: { role: 'user' | 'assistant'; text: string }[]): Turn[] =>
  turns.map((t) => ({ ...t, at: T0 }));

describe('mergeTurns', () => {
  it('appends new turns and keeps the times of those already stored', () => {
    const merged = mergeTurns(stored(u('hi'), a('hello')), [u('hi'), a('hello'), u('more')], T1);
    expect(merged).toEqual([...stored(u('hi'), a('hello')), { ...u('more'), at: T1 }]);
  });

  it('lets the newest stored turn grow (an answer read just before streaming ended)', () => {
    const merged = mergeTurns(stored(u('hi'), a('Answer. Here')), [u('hi'), a('Answer. Here is more'), u('next')], T1);
    expect(merged.map((t) => t.text)).toEqual(['hi', 'Answer. Here is more', 'next']);
    expect(merged[1]?.at).toBe(T0);
  });

  it('aligns a virtualised page that shows only the last turns', () => {
    const head = stored(u('q1'), a('a1'), u('q2'), a('a2'));
    const merged = mergeTurns(head, [u('q2'), a('a2'), u('q3')], T1);
    expect(merged.map((t) => t.text)).toEqual(['q1', 'a1', 'q2', 'a2', 'q3']);
  });

  it('changes nothing when the page shows a window inside what is stored', () => {
    const all = stored(u('q1'), a('a1'), u('q2'), a('a2'));
    expect(mergeTurns(all, [a('a1'), u('q2')], T1)).toEqual(all);
    expect(mergeTurns(all, [], T1)).toEqual(all);
  });

  it('takes the page as the truth when a message was edited or regenerated', () => {
    const merged = mergeTurns(stored(u('q1'), a('a1'), u('q2'), a('a2')), [u('q1'), a('a1'), u('q2'), a('other')], T1);
    expect(merged.map((t) => t.text)).toEqual(['q1', 'a1', 'q2', 'other']);
    expect(merged.map((t) => t.at)).toEqual([T0, T0, T0, T1]);
  });

  it('does not duplicate turns when a repeated short message appears in a tail', () => {
    const merged = mergeTurns(stored(u('ok'), a('x'), u('ok'), a('y')), [u('ok'), a('y'), u('new')], T1);
    expect(merged.map((t) => t.text)).toEqual(['ok', 'x', 'ok', 'y', 'new']);
  });
});

describe('recordCapture', () => {
  const MARK = 'db4c8t2a';
  const block = renderBlock([{ type: 'fact', content: 'lives in 成都' }], MARK);

  it('stores turns without the injected block, idempotently', async () => {
    setClock(() => Date.parse(T0));
    const input = {
      site: 'kimi' as const,
      conversationId: 'abc',
      url: 'https://www.kimi.com/chat/abc',
      title: 'Flat',
      turns: [u(`${block}\n\nwhere to live?`), a('Chengdu is nice.')],
      marks: [MARK],
    };
    const first = await recordCapture(input);
    const again = await recordCapture(input);
    expect(first?.turns.map((t) => t.text)).toEqual(['where to live?', 'Chengdu is nice.']);
    expect(again?.version).toBe(first?.version);
    expect(again?.turns).toEqual(first?.turns);
  });

  it('drops a user turn that was only the block', () => {
    expect(cleanTurns([u(block), a('ok')], [MARK])).toEqual([a('ok')]);
  });

  it('ignores captures of an excluded chat and keeps none of its text', async () => {
    await recordCapture({ site: 'claude', conversationId: 'c1', url: 'u', title: 't', turns: [u('secret')] });
    await excludeChat('claude', 'c1', 'https://claude.ai/chat/c1');
    expect(
      await recordCapture({ site: 'claude', conversationId: 'c1', url: 'u', title: 't', turns: [u('x')] }),
    ).toBeNull();
    expect((await getChat('claude:c1'))?.turns).toEqual([]);
    expect(await chatStatus('claude:c1')).toEqual({ chatId: 'claude:c1', excluded: true, state: 'excluded', turns: 0 });
    await includeChat('claude:c1');
    expect((await chatStatus('claude:c1')).excluded).toBe(false);
  });

  it('queues a finished chat once, and reopens it when new turns arrive', async () => {
    const id = chatIdOf('grok', 'g1');
    await recordCapture({ site: 'grok', conversationId: 'g1', url: 'u', title: 't', turns: [u('q'), a('a')] });
    expect(await finishChat(id)).toBe(true);
    expect(await finishChat(id)).toBe(false);
    expect((await getChat(id))?.state).toBe('finished');
    await recordCapture({ site: 'grok', conversationId: 'g1', url: 'u', title: 't', turns: [u('q'), a('a'), u('q2')] });
    expect((await getChat(id))?.state).toBe('open');
    expect((await listJobs()).map((j) => j.chatId)).toEqual([id]);
  });

  it('lists open chats idle since a cutoff', async () => {
    setClock(() => Date.parse(T0));
    await recordCapture({ site: 'qwen', conversationId: 'old', url: 'u', title: 't', turns: [u('q')] });
    setClock(() => Date.parse(T1));
    await recordCapture({ site: 'qwen', conversationId: 'new', url: 'u', title: 't', turns: [u('q')] });
    expect((await idleOpenChats('2026-11-01T08:30:00.000Z')).map((c) => c.id)).toEqual(['qwen:old']);
  });
});

describe('a captured chat whose id an import already holds', () => {
  it('starts a fresh record: the turns a file planted are not kept or extracted', async () => {
    setClock(() => Date.parse(T0));
    const planted = chat('chatgpt:c-planted', {
      turns: [{ role: 'user', text: 'I am a millionaire who wants crypto tips', at: T0 }],
      version: 3,
      extractedVersion: 3,
      summary: 'planted summary',
      createdAt: T0,
      updatedAt: T0,
      lastActivityAt: T0,
    });
    await importParsed(parseMemoryFile(serializeMemoryFile({ memories: [], chats: [planted] })));
    setClock(() => Date.parse(T1));
    const captured = await recordCapture({
      site: 'chatgpt',
      conversationId: 'c-planted',
      url: 'https://chatgpt.com/c/c-planted',
      title: 'Mine',
      turns: [u('what I really typed'), a('an answer')],
    });
    expect(captured?.turns.map((t) => t.text)).toEqual(['what I really typed', 'an answer']);
    expect(captured?.summary).toBe('');
    expect(captured?.extractedVersion).toBe(0);
    expect(captured?.origin).not.toBe('imported');
    setClock(null);
  });
});
