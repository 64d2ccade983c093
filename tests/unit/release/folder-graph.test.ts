/** The folder graph's pieces (scripts/lib/folder-graph.ts): which folder a file is in, and loops. */
import { describe, expect, it } from 'vitest';
import { folderOf, stronglyConnected } from '../../../scripts/lib/folder-graph';

describe('folderOf', () => {
  it('names each lib/ folder, the files directly in lib/, each entrypoint and the top folders', () => {
    expect(folderOf('lib/db/db.ts')).toBe('lib/db');
    expect(folderOf('lib/history/import/zip-stream.ts')).toBe('lib/history');
    expect(folderOf('lib/cjk.ts')).toBe('lib');
    expect(folderOf('entrypoints/background/handlers/tidy.ts')).toBe('entrypoints/background');
    expect(folderOf('entrypoints/chat.content.ts')).toBe('entrypoints/chat.content');
    expect(folderOf('components/tab-nav.tsx')).toBe('components');
    expect(folderOf('bench/lib/cli.ts')).toBe('bench');
    expect(folderOf('node_modules/dexie/dist/dexie.js')).toBeNull();
    expect(folderOf('tests/unit/helpers.ts')).toBeNull();
  });
});

describe('stronglyConnected', () => {
  it('finds a loop through three folders and leaves the one-way arrows out of it', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['d']],
    ]);
    const loops = stronglyConnected(graph).filter((c) => c.length > 1);
    expect(loops.map((c) => [...c].sort())).toEqual([['a', 'b', 'c']]);
  });

  it('finds no loop in a one-way graph', () => {
    const graph = new Map([
      ['a', ['b', 'c']],
      ['b', ['c']],
      ['c', []],
    ]);
    expect(stronglyConnected(graph).every((c) => c.length === 1)).toBe(true);
  });
});
