import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, MAX_MEMORIES, parseMemoryFile } from '../../../lib/memory-file/format';
import { setClock } from '../../../lib/time';
import { errorOf } from './refusal';

const base = () => ({
  format: 'claude-mem.memories',
  version: 1,
  exportedAt: '2026-11-01T00:00:00.000Z',
  memories: [] as unknown[],
});

describe('parseMemoryFile: what a bad file is told', () => {
  it('rejects text that is not JSON, saying so', () => {
    expect(errorOf('{"format": "claude-mem.memories", "memories": [')).toMatch(/^not a JSON file: /);
    expect(errorOf('')).toMatch(/^not a JSON file/);
  });

  it('rejects a wrong format, naming what it found', () => {
    expect(errorOf(JSON.stringify({ ...base(), format: 'mem0.export' }))).toBe(
      'format: expected "claude-mem.memories", got "mem0.export"',
    );
    expect(errorOf(JSON.stringify({ memories: [] }))).toBe('format: expected "claude-mem.memories", got nothing');
    expect(errorOf('"hello"')).toBe('(root): expected an object or an array of memories, got "hello"');
  });

  it('rejects a newer version with advice', () => {
    expect(errorOf(JSON.stringify({ ...base(), version: 4 }))).toMatch(
      /^version: file is version 4, newer than this extension reads \(3\)/,
    );
    expect(errorOf(JSON.stringify({ ...base(), version: '1' }))).toBe('version: expected a positive integer, got "1"');
  });

  it('names the first offending path and value for a wrong field', () => {
    const doc = base();
    doc.memories = Array.from({ length: 13 }, (_, i) => ({ content: `m${i}`, type: 'fact', importance: 3 }));
    (doc.memories[12] as { importance: number }).importance = 9;
    expect(errorOf(JSON.stringify(doc))).toBe('memories[12].importance: expected 1–5, got 9');
    (doc.memories[12] as { importance: unknown }).importance = 'high';
    expect(errorOf(JSON.stringify(doc))).toBe('memories[12].importance: expected an integer 1–5, got "high"');
  });

  it('names wrong types, enums, dates, scopes and missing required fields', () => {
    const one = (m: unknown) => errorOf(JSON.stringify({ ...base(), memories: [m] }));
    expect(one({ type: 'fact' })).toBe('memories[0].content: expected string, got nothing');
    expect(one({ content: 'x', type: 'opinion' })).toBe(
      'memories[0].type: expected "preference" | "fact" | "task" | "conclusion", got "opinion"',
    );
    expect(one({ content: 'x', type: 'fact', createdAt: '2026-13-01' })).toBe(
      'memories[0].createdAt: expected a UTC ISO date-time, got "2026-13-01"',
    );
    expect(one({ content: 'x', type: 'fact', scope: 'bing' })).toMatch(
      /^memories\[0\]\.scope: expected "global" or a site id/,
    );
    expect(one({ content: 'x', type: 'fact', tags: 'a,b' })).toBe('memories[0].tags: expected array, got "a,b"');
    expect(one({ content: '   ', type: 'fact' })).toBe('memories[0].content: expected non-empty text, got "   "');
    expect(one('just text')).toBe('memories[0]: expected object, got "just text"');
  });

  it('rejects more than 100,000 memories', () => {
    const memories = Array.from({ length: MAX_MEMORIES + 1 }, () => ({ content: 'x', type: 'fact' }));
    expect(errorOf(JSON.stringify({ ...base(), memories }))).toBe('memories: 100001 memories; the limit is 100000');
  });

  it('rejects a file over 50 MB before parsing it', () => {
    const text = `[${' '.repeat(MAX_FILE_BYTES)}]`;
    expect(errorOf(text)).toBe('file is 50.0 MB; the limit is 50 MB');
  });

  it('counts bytes, not characters, toward the limit (Chinese is 3 bytes a character)', () => {
    const chars = Math.ceil(MAX_FILE_BYTES / 3) + 10;
    expect(errorOf(`"${'记'.repeat(chars)}"`)).toMatch(/^file is 50\.0 MB/);
  });

  it('ignores prototype-pollution keys', () => {
    const text = `{"format":"claude-mem.memories","version":1,"memories":[{"content":"x","type":"fact","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}]}`;
    const parsed = parseMemoryFile(text);
    expect(parsed.memories[0]?.content).toBe('x');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(parsed.memories[0] ?? {})).not.toContain('__proto__');
  });
});

describe('parseMemoryFile: defaults and accepted shapes', () => {
  it('fills every default from content and type alone', () => {
    setClock(() => Date.parse('2026-11-30T10:00:00.000Z'));
    const { memories } = parseMemoryFile(
      JSON.stringify({ ...base(), memories: [{ content: 'Lives in Chengdu', type: 'fact' }] }),
    );
    const m = memories[0];
    expect(m).toMatchObject({
      content: 'Lives in Chengdu',
      type: 'fact',
      importance: 3,
      status: 'active',
      scope: 'global',
      pinned: false,
      note: '',
      createdAt: '2026-11-30T10:00:00.000Z',
      updatedAt: '2026-11-30T10:00:00.000Z',
      lastHitAt: null,
      hitCount: 0,
      supersededBy: null,
      source: null,
    });
    expect(m?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(m?.tags).toContain('chengdu');
  });

  it('accepts a bare array of memories', () => {
    const { memories, chats, settings } = parseMemoryFile(
      JSON.stringify([{ content: '喜欢喝茶', type: 'preference' }]),
    );
    expect(memories).toHaveLength(1);
    expect(memories[0]?.tags.length).toBeGreaterThan(0);
    expect(chats).toEqual([]);
    expect(settings).toBeNull();
  });

  it('rejects a settings block with a bad value, naming it', () => {
    const doc = { ...base(), settings: { idleMinutes: -1 } };
    expect(errorOf(JSON.stringify(doc))).toBe('settings.idleMinutes: expected at least 0.05, got -1');
  });

  it('never carries an API key in or out of settings', () => {
    const doc = { ...base(), settings: { apiKey: 'sk-ant-secret-123456789', model: 'claude-haiku-4-5' } };
    const parsed = parseMemoryFile(JSON.stringify(doc));
    expect(JSON.stringify(parsed)).not.toContain('sk-ant');
    expect(parsed.settings).toBeNull();
    expect(parsed.ignoredSettings).toEqual(['apiKey', 'model']);
  });
});
