/**
 * Malformed import files of every kind: each gets a clear error naming the problem,
 * and a full export before and after is identical.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { db } from '../../../lib/db/db';
import { MAX_FILE_BYTES } from '../../../lib/memory-file/format';
import { extensionSender, memory, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
const figures = { files: 0, rejected: 0, storeChanged: 0 };

const good = {
  format: 'claude-mem.memories',
  version: 1,
  exportedAt: '2026-11-01T00:00:00.000Z',
  memories: [
    { id: 'a', content: '预算 ¥2,850,000.00', type: 'fact', importance: 4 },
    { id: 'b', content: 'Prefers tea', type: 'preference' },
  ],
};
const goodText = JSON.stringify(good);
const withMemory = (m: object) => JSON.stringify({ ...good, memories: [good.memories[0], m] });

const CASES: [name: string, text: string, error: RegExp][] = [
  ['empty file', '', /^not a JSON file/],
  ['truncated in the middle', goodText.slice(0, goodText.length / 2), /^not a JSON file/],
  ['truncated by one byte', goodText.slice(0, -1), /^not a JSON file/],
  ['CSV instead of JSON', 'content,type\nLives in Chengdu,fact', /^not a JSON file/],
  ['a UTF-8 BOM and junk', '\uFEFF{oops}', /^not a JSON file/],
  ['a number', '42', /^\(root\): expected an object or an array of memories, got 42/],
  ['null', 'null', /^\(root\): expected an object or an array of memories, got null/],
  [
    'wrong format',
    JSON.stringify({ ...good, format: 'claude-mem.settings' }),
    /^format: expected "claude-mem.memories"/,
  ],
  ['no format', JSON.stringify({ memories: good.memories }), /^format: expected "claude-mem.memories", got nothing/],
  ['newer version', JSON.stringify({ ...good, version: 4 }), /^version: file is version 4/],
  ['version zero', JSON.stringify({ ...good, version: 0 }), /^version: expected a positive integer, got 0/],
  ['memories not an array', JSON.stringify({ ...good, memories: {} }), /^memories: expected an array, got an object/],
  [
    'importance out of range',
    withMemory({ content: 'x', type: 'fact', importance: 9 }),
    /^memories\[1\]\.importance: expected 1–5, got 9/,
  ],
  ['importance as text', withMemory({ content: 'x', type: 'fact', importance: '5' }), /^memories\[1\]\.importance: /],
  [
    'fractional importance',
    withMemory({ content: 'x', type: 'fact', importance: 2.5 }),
    /^memories\[1\]\.importance: /,
  ],
  ['unknown type', withMemory({ content: 'x', type: 'memo' }), /^memories\[1\]\.type: expected "preference"/],
  ['missing content', withMemory({ type: 'fact' }), /^memories\[1\]\.content: expected string, got nothing/],
  [
    'content too long',
    withMemory({ content: 'x'.repeat(5000), type: 'fact' }),
    /^memories\[1\]\.content: expected at most 4000 characters, got 5000/,
  ],
  [
    'bad date',
    withMemory({ content: 'x', type: 'fact', createdAt: 'yesterday' }),
    /^memories\[1\]\.createdAt: expected a UTC ISO date-time/,
  ],
  [
    'negative hit count',
    withMemory({ content: 'x', type: 'fact', hitCount: -1 }),
    /^memories\[1\]\.hitCount: expected at least 0/,
  ],
  [
    'tags not strings',
    withMemory({ content: 'x', type: 'fact', tags: [1] }),
    /^memories\[1\]\.tags\[0\]: expected string, got 1/,
  ],
  [
    'source without url',
    withMemory({ content: 'x', type: 'fact', source: { site: 'kimi', chatId: 'c' } }),
    /^memories\[1\]\.source\.url: expected string, got nothing/,
  ],
  ['bad chat', JSON.stringify({ ...good, chats: [{ id: 'x' }] }), /^chats\[0\]\.site: /],
  [
    'bad settings',
    JSON.stringify({ ...good, settings: { sites: { kimi: { mode: 'always' } } } }),
    /^settings\.sites\.kimi\.inject: /,
  ],
  [
    'prototype pollution with a bad field',
    `{"format":"claude-mem.memories","version":1,"memories":[{"__proto__":{"importance":9},"content":"x","type":"fact","importance":0}]}`,
    /^memories\[0\]\.importance: expected 1–5, got 0/,
  ],
  [
    'over 50 MB',
    `{"format":"claude-mem.memories","version":1,"memories":[],"pad":"${'x'.repeat(MAX_FILE_BYTES)}"}`,
    /^file is 50\.0 MB; the limit is 50 MB$/,
  ],
  [
    'over 100,000 memories',
    JSON.stringify({ ...good, memories: Array.from({ length: 100_001 }, () => ({ content: 'x', type: 'fact' })) }),
    /^memories: 100001 memories; the limit is 100000$/,
  ],
];

async function fullExport(): Promise<string> {
  const reply = await route({ type: 'transfer.export', payload: { chatHistory: true } }, extensionSender);
  if (!reply.ok) throw new Error('export failed');
  const doc = JSON.parse((reply.data as { text: string }).text);
  delete doc.exportedAt;
  return JSON.stringify(doc);
}

describe('malformed import files', () => {
  afterAll(() => {
    console.info(
      `import faults: ${figures.files} files tried, ${figures.rejected} rejected with a clear error, ${figures.storeChanged} changed the store`,
    );
  });

  it.each(CASES)('%s → clear error, store unchanged', async (_name, text, error) => {
    figures.files++;
    await db.memories.bulkPut([memory({ content: '住在成都' }, { id: 'existing' }), memory({ content: 'Uses Rust' })]);
    const before = await fullExport();
    const reply = await route({ type: 'transfer.import', payload: { text } }, extensionSender);
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error.code).toBe('bad_request');
    expect(reply.error.message).toMatch(error);
    figures.rejected++;
    const after = await fullExport();
    if (after !== before) figures.storeChanged++;
    expect(after).toBe(before);
    expect(({} as Record<string, unknown>).importance).toBeUndefined();
  });
});
