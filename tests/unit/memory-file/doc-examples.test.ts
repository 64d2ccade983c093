/**
 * The memory files the docs hand to a new user import as they stand, through the real import
 * path (the background router's `transfer.import`): the sample file docs/sample-memories.json
 * (English and Chinese), and the example JSON block in docs/memory-file.md.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { db } from '../../../lib/db/db';
import { extensionSender, routerOptions } from '../helpers';

const ROOT = resolve(import.meta.dirname, '../../..');
const route = createRouter(handlers, routerOptions);

interface ImportReply {
  added: number;
  updated: number;
  skipped: number;
}

async function importText(text: string): Promise<ImportReply> {
  const reply = (await route({ type: 'transfer.import', payload: { text } }, extensionSender)) as {
    ok: boolean;
    data?: ImportReply;
    error?: unknown;
  };
  if (!reply.ok) throw new Error(JSON.stringify(reply.error));
  return reply.data as ImportReply;
}

/** The first ```json block of a Markdown file. */
function firstJsonBlock(markdown: string): string {
  const block = /```json\n([\s\S]*?)\n```/.exec(markdown);
  if (!block?.[1]) throw new Error('no ```json block');
  return block[1];
}

describe('the memory files in the docs', () => {
  it('docs/sample-memories.json imports: every memory, English and Chinese', async () => {
    const text = readFileSync(resolve(ROOT, 'docs/sample-memories.json'), 'utf8');
    const expected = (JSON.parse(text) as { memories: unknown[] }).memories.length;
    const report = await importText(text);
    expect(report).toMatchObject({ added: expected, updated: 0, skipped: 0 });
    const contents = (await db.memories.toArray()).map((m) => m.content);
    expect(contents.some((c) => /[\u4e00-\u9fff]/.test(c))).toBe(true);
    expect(contents.some((c) => /^[\x20-\x7e]+$/.test(c))).toBe(true);
    // Nothing in it reads as an instruction, a link or markup: all arrive active, none held for review.
    expect((await db.memories.toArray()).every((m) => m.status === 'active')).toBe(true);
  });

  it('the example in docs/memory-file.md imports as it stands', async () => {
    const text = firstJsonBlock(readFileSync(resolve(ROOT, 'docs/memory-file.md'), 'utf8'));
    const report = await importText(text);
    expect(report.added).toBeGreaterThan(0);
    const stored = await db.memories.toArray();
    expect(stored.length).toBe(report.added);
    // Version 2: its space is made here (by name, with an id of this store's) and holds its memory.
    const [work] = await db.spaces.toArray();
    expect(work).toMatchObject({ name: 'Work', archived: false });
    expect(stored.find((m) => m.type === 'task')?.space).toBe(work?.id);
    expect(stored.find((m) => m.type === 'fact')?.space).toBeUndefined();
  });
});
