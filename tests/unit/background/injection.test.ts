import { describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { db } from '../../../lib/db/db';
import { saveSettings } from '../../../lib/db/settings-store';
import { defaultSettings } from '../../../lib/settings/schema';
import { contentSender, extensionSender, memory, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
const chatgpt = contentSender('https://chatgpt.com/c/abc', 7);
const claude = contentSender('https://claude.ai/chat/xyz', 8);

async function ok<T>(message: unknown, sender: object): Promise<T> {
  const reply = await route(message, sender);
  if (!reply.ok) throw new Error(`${JSON.stringify(message)} → ${reply.error.message}`);
  return reply.data as T;
}

interface Prepared {
  block: string | null;
  token: string | null;
  memoryIds: string[];
  tokens: number;
}

describe('injection handlers through the router', () => {
  it('keeps a memory scoped to claude away from a chatgpt page', async () => {
    const claudeOnly = memory({ content: 'User writes Rust for the claude project', scope: 'claude' });
    const global = memory({ content: 'User prefers Rust over Go for services' });
    await db.memories.bulkPut([claudeOnly, global]);
    const onChatgpt = await ok<Prepared>({ type: 'inject.prepare', payload: { draft: 'Rust' } }, chatgpt);
    expect(onChatgpt.memoryIds).toEqual([global.id]);
    expect(onChatgpt.block).not.toContain('claude project');
    const onClaude = await ok<Prepared>({ type: 'inject.prepare', payload: { draft: 'Rust' } }, claude);
    expect(onClaude.memoryIds.sort()).toEqual([claudeOnly.id, global.id].sort());
  });

  it('records the audit entry with score parts and counts the hits', async () => {
    const m = memory({ content: '用户在做 Redis 集群的扩容演练', type: 'task' });
    await db.memories.put(m);
    const prep = await ok<Prepared>({ type: 'inject.prepare', payload: { draft: 'Redis 扩容演练怎么做' } }, chatgpt);
    expect(prep.block).toContain('Redis');
    await ok({ type: 'inject.record', payload: { token: prep.token, chatId: 'c1' } }, chatgpt);
    const [audit] = await db.injections.toArray();
    expect(audit?.items[0]?.memoryId).toBe(m.id);
    expect(audit?.items[0]?.parts.text).toBeGreaterThan(0);
    expect(audit?.tokens).toBe(prep.tokens);
    expect((await db.memories.get(m.id))?.hitCount).toBe(1);
  });

  it('records a block sent into a chat the user asked not to remember without the words typed there', async () => {
    const m = memory({ content: '用户在做 Redis 集群的扩容演练', type: 'task' });
    await db.memories.put(m);
    const draft = 'Redis 扩容演练怎么做';
    for (const learn of [true, false]) {
      const prep = await ok<Prepared>({ type: 'inject.prepare', payload: { draft, learn } }, chatgpt);
      expect(prep.block).toContain('Redis');
      await ok({ type: 'inject.record', payload: { token: prep.token, chatId: `c-${learn}` } }, chatgpt);
    }
    const audits = await db.injections.toArray();
    expect(audits.map((a) => [a.chatId, a.query]).sort()).toEqual([
      ['c-false', ''],
      ['c-true', draft],
    ]);
  });

  it('records a token once, even sent twice at once, and never for another site', async () => {
    await db.memories.put(memory({ content: 'User runs Postgres 16 in production' }));
    const prep = await ok<Prepared>({ type: 'inject.prepare', payload: { draft: 'Postgres upgrade' } }, chatgpt);
    const foreign = await ok<{ recorded: boolean }>(
      { type: 'inject.record', payload: { token: prep.token, chatId: 'x' } },
      claude,
    );
    expect(foreign.recorded).toBe(false);
    const both = await Promise.all(
      [1, 2].map(() =>
        ok<{ recorded: boolean }>({ type: 'inject.record', payload: { token: prep.token, chatId: 'c2' } }, chatgpt),
      ),
    );
    expect(both.map((r) => r.recorded).sort()).toEqual([false, true]);
    expect(await db.injections.count()).toBe(1);
  });

  it('uses the per-site budget: too small a budget injects nothing', async () => {
    await db.memories.put(memory({ content: `${'很长的一段记忆内容'.repeat(30)} TiDB` }));
    const settings = defaultSettings();
    settings.sites.chatgpt.budgetTokens = 100;
    await saveSettings(settings);
    const prep = await ok<Prepared>({ type: 'inject.prepare', payload: { draft: 'TiDB' } }, chatgpt);
    expect(prep.block).toBeNull();
  });

  it('lowers the injected memories when the next message corrects them, once', async () => {
    const m = memory({ content: 'User lives in Beijing' });
    await db.memories.put(m);
    const prep = await ok<Prepared>({ type: 'inject.prepare', payload: { draft: 'Beijing weekend plans' } }, chatgpt);
    await ok({ type: 'inject.record', payload: { token: prep.token, chatId: 'chat-9' } }, chatgpt);
    // Another site cannot touch this injection.
    const foreign = await ok<{ feedback: string | null }>(
      { type: 'inject.followup', payload: { text: "That's wrong", chatId: 'chat-9' } },
      claude,
    );
    expect(foreign.feedback).toBeNull();
    const fb = await ok<{ feedback: string; memoryIds: string[] }>(
      { type: 'inject.followup', payload: { text: '不对，我早就搬到成都了', chatId: 'chat-9' } },
      chatgpt,
    );
    expect(fb).toMatchObject({ feedback: 'corrected', memoryIds: [m.id] });
    expect((await db.memories.get(m.id))?.feedback).toBe(-1);
    const again = await ok<{ feedback: string | null }>(
      { type: 'inject.followup', payload: { text: '你记错了', chatId: 'chat-9' } },
      chatgpt,
    );
    expect(again.feedback).toBeNull();
    expect((await db.memories.get(m.id))?.feedback).toBe(-1);
    expect((await db.injections.toArray())[0]?.feedback).toBe('corrected');
  });

  it('raises them on a confirmation, finding the injection by tab when there is no chat id', async () => {
    const m = memory({ content: '用户希望被称呼为“小周”', type: 'preference', importance: 5 });
    await db.memories.put(m);
    const prep = await ok<Prepared>({ type: 'inject.prepare', payload: { draft: '早上好' } }, chatgpt);
    expect(prep.memoryIds).toEqual([m.id]);
    await ok({ type: 'inject.record', payload: { token: prep.token } }, chatgpt);
    const fb = await ok<{ feedback: string }>({ type: 'inject.followup', payload: { text: '对，就是这样' } }, chatgpt);
    expect(fb.feedback).toBe('confirmed');
    expect((await db.memories.get(m.id))?.feedback).toBe(1);
  });

  it('serves search and preview to the side panel only', async () => {
    const a = memory({ content: 'User drives a BYD Song PLUS', scope: 'claude' });
    const b = memory({ content: 'User wants a BYD for the family' });
    await db.memories.bulkPut([a, b]);
    const search = await ok<{ results: { memory: { id: string }; parts: object }[] }>(
      { type: 'memories.search', payload: { query: 'BYD' } },
      extensionSender,
    );
    expect(search.results.map((r) => r.memory.id).sort()).toEqual([a.id, b.id].sort());
    const preview = await ok<{ items: { memory: { id: string } }[]; budgetTokens: number; block: string }>(
      { type: 'inject.preview', payload: { site: 'chatgpt', draft: 'BYD', exclude: [] } },
      extensionSender,
    );
    expect(preview.items.map((i) => i.memory.id)).toEqual([b.id]);
    expect(preview.budgetTokens).toBe(1200);
    const excluded = await ok<{ items: unknown[]; block: string | null }>(
      { type: 'inject.preview', payload: { site: 'chatgpt', draft: 'BYD', exclude: [b.id] } },
      extensionSender,
    );
    expect(excluded).toMatchObject({ items: [], block: null });
    for (const type of ['memories.search', 'inject.preview']) {
      const reply = await route({ type, payload: { query: 'BYD', site: 'chatgpt', draft: 'BYD' } }, chatgpt);
      expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
  });
});
