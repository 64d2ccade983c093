import { describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { makeScrubber } from '../../../entrypoints/background/scrub';
import { backupDb } from '../../../lib/db/backup-db';
import { db } from '../../../lib/db/db';
import { saveApiKey } from '../../../lib/db/settings-store';
import { contentSender, extensionSender, memory, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);

describe('message router', () => {
  it('answers a valid extension message with { ok: true, data }', async () => {
    const reply = await route(
      { type: 'memories.add', payload: { content: '住在成都', type: 'fact' } },
      extensionSender,
    );
    expect(reply.ok).toBe(true);
    expect(await db.memories.count()).toBe(1);
  });

  it('rejects malformed envelopes and unknown types without throwing', async () => {
    for (const bad of [null, 42, 'x', [], { payload: {} }, { type: 5 }]) {
      const reply = await route(bad, extensionSender);
      expect(reply).toEqual({
        ok: false,
        error: { code: 'bad_request', message: 'message must be { type, payload }' },
      });
    }
    expect(await route({ type: 'memories.nuke', payload: {} }, extensionSender)).toMatchObject({
      ok: false,
      error: { code: 'unknown_type' },
    });
    expect(await route({ type: '__proto__', payload: {} }, extensionSender)).toMatchObject({
      ok: false,
      error: { code: 'unknown_type' },
    });
  });

  it('names the bad field of a request', async () => {
    const reply = await route(
      { type: 'memories.add', payload: { content: 'x', type: 'fact', importance: 9 } },
      extensionSender,
    );
    expect(reply).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'memories.add: importance: expected at most 5, got 9' },
    });
  });

  it('never lets a page content script read settings, export, or write memories', async () => {
    const page = contentSender('https://chatgpt.com/c/abc');
    await db.memories.put(memory({ content: 'secret-ish' }));
    for (const type of [
      'settings.get',
      'transfer.export',
      'memories.add',
      'memories.delete',
      'backups.list',
      'transfer.import',
    ]) {
      const reply = await route({ type, payload: {} }, page);
      expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(await db.memories.count()).toBe(1);
  });

  it('refuses other extensions, unknown pages and senders without a tab', async () => {
    const payload = { type: 'ping', payload: {} };
    expect((await route(payload, { ...extensionSender, id: 'other' })).ok).toBe(false);
    expect((await route(payload, contentSender('https://evil.example/'))).ok).toBe(false);
    expect((await route(payload, { id: 'test-extension', url: 'https://chatgpt.com/' })).ok).toBe(false);
    expect((await route(payload, contentSender('https://chatgpt.com/'))).ok).toBe(true);
  });

  it('never returns the API key from settings.get', async () => {
    await saveApiKey('sk-ant-api03-abcdefghijklmnop');
    const reply = await route({ type: 'settings.get', payload: {} }, extensionSender);
    expect(reply).toMatchObject({ ok: true, data: { hasApiKey: true } });
    expect(JSON.stringify(reply)).not.toContain('sk-ant');
  });

  it('scrubs anything key-like from error text', async () => {
    const scrubbing = createRouter(
      {
        ...handlers,
        ping: async () => Promise.reject(new Error('bad key sk-ant-api03-zzzzzzzzzzzz and mykey-1234567890')),
      },
      { ...routerOptions, scrub: makeScrubber(() => 'mykey-1234567890') },
    );
    const reply = await scrubbing({ type: 'ping', payload: {} }, extensionSender);
    expect(JSON.stringify(reply)).not.toMatch(/sk-ant|mykey/);
  });
});

describe('storage limits', () => {
  it('turns a quota error into a clear message', async () => {
    const full = createRouter(
      {
        ...handlers,
        ping: async () => {
          const inner = Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
          throw Object.assign(new Error('Transaction aborted'), { name: 'AbortError', inner });
        },
      },
      routerOptions,
    );
    const reply = await full({ type: 'ping', payload: {} }, extensionSender);
    expect(reply).toMatchObject({ ok: false, error: { code: 'storage_full' } });
    expect(JSON.stringify(reply)).toContain('Nothing from this action was saved');
  });
});

describe('import and export through messages', () => {
  it('rejects a bad file with the path, takes no backup and changes nothing', async () => {
    await db.memories.put(memory({ content: 'keep me' }));
    const text = JSON.stringify({
      format: 'claude-mem.memories',
      version: 1,
      memories: [{ content: 'x', type: 'fact', importance: 0 }],
    });
    const reply = await route({ type: 'transfer.import', payload: { text } }, extensionSender);
    expect(reply).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'memories[0].importance: expected 1–5, got 0' },
    });
    expect(await db.memories.count()).toBe(1);
    expect(await backupDb.backups.count()).toBe(0);
  });

  it('backs up before a good import and reports what it did', async () => {
    const text = JSON.stringify([{ content: 'Lives in Chengdu', type: 'fact' }]);
    const reply = await route({ type: 'transfer.import', payload: { text } }, extensionSender);
    expect(reply).toEqual({
      ok: true,
      data: {
        added: 1,
        updated: 0,
        skipped: 0,
        chats: 0,
        spaces: 0,
        proposed: 0,
        settingsChanges: [],
        settingsProtected: [],
        undoId: expect.any(String),
      },
    });
    expect((await backupDb.backups.toArray()).map((b) => b.reason)).toEqual(['before import']);
  });

  it('exports settings without the key', async () => {
    await saveApiKey('sk-ant-api03-abcdefghijklmnop');
    const reply = await route({ type: 'transfer.export', payload: {} }, extensionSender);
    expect(reply.ok).toBe(true);
    const text = (reply as { data: { text: string } }).data.text;
    expect(text).not.toContain('sk-ant');
    expect(JSON.parse(text).settings.model).toBe('claude-haiku-4-5');
  });
});
