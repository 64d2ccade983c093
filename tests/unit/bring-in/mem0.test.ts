import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ExportFormatError, parseMem0 } from '../../../lib/bring-in/mem0';
import { readPasted, readSourceFile, SourceError } from '../../../lib/bring-in/read-source';
import { MAX_ITEMS } from '../../../lib/bring-in/types';
import { MAX_UNPACKED_BYTES } from '../../../lib/inflate';
import { zip } from '../zip';

const sample = (name: string) => readFileSync(join(__dirname, '../../fixtures/bring-in', name), 'utf8');

describe('mem0 and OpenMemory exports', () => {
  it('reads mem0 get_all() output: text, category-led type, UTC dates; an empty one is skipped', () => {
    const found = parseMem0(sample('mem0-get-all.json'));
    expect(found.kind).toBe('mem0');
    expect(found.items.map((i) => [i.content, i.type, i.createdAt])).toEqual([
      ['Prefers vegetarian restaurants', 'preference', '2025-06-02T16:14:27.512Z'],
      ['Works at a logistics company as a backend engineer', 'fact', '2025-05-20T18:01:00.000Z'],
      ['计划十月去京都旅行', 'task', '2025-06-02T17:00:00.000Z'],
    ]);
    expect(found.items[0]?.section).toBe('user preferences, food');
    expect(found.skipped).toBe(1);
  });

  it('reads the bare array mem0 export cookbooks write', () => {
    const doc = JSON.parse(sample('mem0-get-all.json')) as { results: unknown[] };
    expect(parseMem0(JSON.stringify(doc.results)).items).toHaveLength(3);
  });

  it('reads OpenMemory’s memories.json: category names by id, deleted memories left out', () => {
    const found = parseMem0(sample('openmemory-memories.json'));
    expect(found.kind).toBe('openmemory');
    expect(found.items.map((i) => [i.content, i.type, i.section])).toEqual([
      ['Uses tabs, not spaces, in Go code', 'preference', 'preferences'],
      ['Is migrating the billing service to event sourcing', 'task', 'work'],
    ]);
    expect(found.skipped).toBe(1);
  });

  it('reads OpenMemory’s backup zip and its memories.jsonl.gz', async () => {
    const archive = zip({ 'memories.json': sample('openmemory-memories.json'), 'README.txt': 'backup' });
    expect((await readSourceFile('memories_export_sam.zip', archive)).items).toHaveLength(2);
    const lines = [
      { id: 'a', content: 'Reads sci-fi before bed', state: 'active', categories: ['hobbies'] },
      { id: 'b', content: 'Gone', state: 'deleted', categories: [] },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n');
    const onlyJsonl = zip({ 'export/memories.jsonl.gz': gzipSync(lines) });
    const fromZip = await readSourceFile('backup.zip', onlyJsonl);
    expect(fromZip.items.map((i) => [i.content, i.type])).toEqual([['Reads sci-fi before bed', 'fact']]);
    const gz = await readSourceFile('memories.jsonl.gz', new Uint8Array(gzipSync(lines)));
    expect(gz.items.map((i) => i.content)).toEqual(['Reads sci-fi before bed']);
  });

  it('refuses what is not an export, naming the problem, and points a claude-mem file to Import', async () => {
    expect(() => parseMem0('{"hello": 1}')).toThrow(ExportFormatError);
    expect(() => parseMem0('not json at all')).toThrow(/not JSON/);
    const own = '{"format": "claude-mem.memories", "version": 1, "memories": []}';
    await expect(readSourceFile('mine.json', new TextEncoder().encode(own))).rejects.toThrow(SourceError);
    await expect(readSourceFile('x.zip', new Uint8Array([1, 2, 3]))).rejects.toThrow(/not a zip/);
  });

  it('stops unpacking a compressed bomb at the limit instead of filling memory', async () => {
    // A few hundred KB that deflate to just past the limit: what a hostile file would send, smaller.
    const bomb = Buffer.alloc(MAX_UNPACKED_BYTES + 1024, 0x20);
    const gz = new Uint8Array(gzipSync(bomb));
    expect(gz.byteLength).toBeLessThan(1024 * 1024);
    await expect(readSourceFile('memories.json.gz', gz)).rejects.toThrow(
      'memories.json.gz: it unpacks to more than 64 MB, the limit',
    );
    await expect(readSourceFile('backup.zip', zip({ 'memories.json': bomb }))).rejects.toThrow(
      /unpacks to more than 64 MB/,
    );
    const nested = zip({ 'memories.jsonl.gz': gzipSync(bomb) });
    await expect(readSourceFile('backup.zip', nested)).rejects.toThrow(/unpacks to more than 64 MB/);
    // Just under the limit still reads: the cap is on size, not on compression.
    const fine = gzipSync(JSON.stringify([{ memory: 'Keeps bees on the roof', created_at: '2025-06-02T16:14:27Z' }]));
    console.info(
      `compressed bombs: 3 of ${(bomb.byteLength / 1048576).toFixed(1)} MB from ${(gz.byteLength / 1024).toFixed(0)} KB (.gz, zip entry, .gz in a zip), 3 refused at the ${MAX_UNPACKED_BYTES / 1048576} MB limit`,
    );
    await expect(readSourceFile('m.json.gz', new Uint8Array(fine))).resolves.toMatchObject({
      items: [{ content: 'Keeps bees on the roof' }],
    });
  }, 60_000); // unpacks 64 MB: seconds on a loaded 2-core machine

  it('keeps the first 2,000 memories of a long export and counts the rest as skipped', () => {
    const rows = Array.from({ length: 2_004 }, (_, i) => ({
      memory: `Keeps hive number ${i}`,
      created_at: '2025-06-02T16:14:27Z',
    }));
    const found = parseMem0(JSON.stringify([42, ...rows, { not: 'a memory' }]));
    expect(found.items).toHaveLength(MAX_ITEMS);
    expect(found.items.at(-1)?.content).toBe('Keeps hive number 1999');
    expect(found.skipped).toBe(1 + 4 + 1);
  });

  it('treats a pasted mem0 export as an export and pasted prose as a list', () => {
    expect(readPasted(sample('mem0-get-all.json')).kind).toBe('mem0');
    expect(readPasted('- [likes] tea\n- coffee').kind).toBe('text');
  });
});
