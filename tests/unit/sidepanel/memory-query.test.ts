import { describe, expect, it } from 'vitest';
import {
  compileTerms,
  HayCache,
  matchScore,
  NO_FILTERS,
  queryTerms,
  runQuery,
} from '../../../entrypoints/sidepanel/models/memory-query';
import { memory } from '../helpers';

const store = [
  memory(
    { content: '我住在成都，预算是¥2,850,000.00' },
    { id: 'zh', createdAt: '2026-01-03T00:00:00.000Z', updatedAt: '2026-01-03T00:00:00.000Z', hitCount: 1 },
  ),
  memory(
    { content: 'Main stack is FastAPI and Postgres 16', type: 'fact', importance: 5 },
    { id: 'en', createdAt: '2026-01-02T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z', hitCount: 9 },
  ),
  memory(
    { content: 'Prefers tea', type: 'preference', note: '以前喝咖啡', importance: 2 },
    {
      id: 'note',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      pinned: true,
      status: 'proposed',
    },
  ),
  // History: an older version, and an expired task. Listed only when the status filter asks.
  memory(
    { content: 'Drinks americano every morning', type: 'preference' },
    { id: 'old', updatedAt: '2026-01-04T00:00:00.000Z', status: 'superseded', supersededBy: 'note' },
  ),
  memory({ content: 'Book the Chengdu flat viewing', type: 'task' }, { id: 'gone', status: 'expired' }),
];

const ids = (q: string, extra: Partial<Parameters<typeof runQuery>[1]> = {}) =>
  runQuery(store, { query: q, filters: NO_FILTERS, sort: 'relevance', ...extra }).items.map((m) => m.id);

describe('panel search', () => {
  it('splits on spaces and punctuation, normalising width and case', () => {
    expect(queryTerms('  FastAPI，Ｐｏｓｔｇｒｅｓ  ')).toEqual(['fastapi', 'postgres']);
  });

  it('finds English words and Chinese substrings, all terms required', () => {
    expect(ids('fastapi')).toEqual(['en']);
    expect(ids('postgres 16')).toEqual(['en']);
    expect(ids('postgres tea')).toEqual([]);
    expect(ids('成都')).toEqual(['zh']);
    expect(ids('2,850,000.00')).toEqual(['zh']);
  });

  it('matches a long Chinese term by most of its character pairs', () => {
    expect(ids('成都预算')).toEqual(['zh']);
    expect(ids('成都买房')).toEqual([]);
  });

  it('searches notes and tags, ranking them under content matches', () => {
    expect(ids('咖啡')).toEqual(['note']);
    const [term] = compileTerms('tea');
    const cache = new HayCache();
    expect(matchScore([term!], cache.get(store[2]!))).toBe(1);
    expect(matchScore(compileTerms('咖啡'), cache.get(store[2]!))).toBe(0.5);
  });

  it('filters by type, status, scope and pinned', () => {
    expect(ids('', { filters: { ...NO_FILTERS, type: 'fact' } })).toEqual(['zh', 'en']);
    expect(ids('', { filters: { ...NO_FILTERS, status: 'proposed' } })).toEqual(['note']);
    expect(ids('', { filters: { ...NO_FILTERS, status: 'expired' } })).toEqual(['gone']);
    expect(ids('', { filters: { ...NO_FILTERS, pinnedOnly: true } })).toEqual(['note']);
    expect(ids('', { filters: { ...NO_FILTERS, scope: 'claude' } })).toEqual([]);
  });

  it('lists current memories by default (active and proposed); history only when the status filter asks', () => {
    expect(NO_FILTERS.status).toBe('current');
    expect(ids('').sort()).toEqual(['en', 'note', 'zh']);
    expect(ids('americano')).toEqual([]);
    expect(ids('americano', { filters: { ...NO_FILTERS, status: 'superseded' } })).toEqual(['old']);
    expect(ids('', { filters: { ...NO_FILTERS, status: 'any' } }).sort()).toEqual(['en', 'gone', 'note', 'old', 'zh']);
  });

  it('sorts by date, hits and importance; relevance falls back to newest without a query', () => {
    expect(ids('', { sort: 'relevance' })).toEqual(['zh', 'en', 'note']);
    expect(ids('', { sort: 'hits' })).toEqual(['en', 'zh', 'note']);
    expect(ids('', { sort: 'importance' })).toEqual(['en', 'zh', 'note']);
  });

  it('lets the background ranker add and reorder results', () => {
    const remote = new Map([
      ['note', 3],
      ['en', 1],
    ]);
    // "drinks" matches nothing locally; the ranker's hits come in, best score first.
    expect(ids('drinks', { remote })).toEqual(['note', 'en']);
  });

  it('re-normalises a memory only when it changes', () => {
    const cache = new HayCache();
    const first = cache.get(store[0]!);
    expect(cache.get({ ...store[0]! })).toBe(first);
    expect(cache.get({ ...store[0]!, content: 'x', updatedAt: '2027-01-01T00:00:00.000Z' })).not.toBe(first);
  });
});
