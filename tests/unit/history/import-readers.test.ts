/**
 * Export readers over real export files, read in place from /work/shared/samples/chat-exports
 * (provenance in its SOURCES.md; never copied into the project). The branched ChatGPT file has
 * an edited user turn and a regenerated answer: only the path to `current_node` is kept.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JsonElementSplitter } from '../../../lib/history/import/json-elements';
import { readExport } from '../../../lib/history/import/read-export';
import type { ImportedConversation } from '../../../lib/history/import/types';
import { zip } from '../zip';

const SAMPLES = resolve(import.meta.dirname, '../../../../shared/samples/chat-exports');
const sample = (p: string) => resolve(SAMPLES, p);
/** The sample files live outside the repository (CONTRIBUTING.md, Setup): without them these tests say so in their names. */
const HAVE_SAMPLES = existsSync(SAMPLES);
const needsSamples = (name: string) =>
  HAVE_SAMPLES ? name : `${name} (skipped: needs ../shared/samples/chat-exports)`;

async function readAll(blob: Blob, name = 'conversations.json', chunk?: number) {
  const out: ImportedConversation[] = [];
  const source = chunk ? rechunked(blob, chunk) : blob;
  const progress = await readExport(source, name, async (batch) => {
    out.push(...batch);
  });
  return { out, progress };
}

/** The same bytes arriving in small pieces, as a real stream of a large file does. */
function rechunked(blob: Blob, size: number): Blob {
  const b = blob;
  return new Proxy(b, {
    get(target, prop) {
      if (prop === 'stream') {
        return () =>
          new ReadableStream<Uint8Array>({
            async start(ctrl) {
              const bytes = new Uint8Array(await target.arrayBuffer());
              for (let i = 0; i < bytes.length; i += size) ctrl.enqueue(bytes.slice(i, i + size));
              ctrl.close();
            },
          });
      }
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

const file = (p: string) => new Blob([readFileSync(sample(p))]);

describe.skipIf(!HAVE_SAMPLES)(needsSamples('export readers on real files'), () => {
  it('ChatGPT, branched: keeps only the branch the user last saw, drops the hidden system node', async () => {
    const { out } = await readAll(file('chatgpt-librechat-fixtures/chatgpt-tree.json'), 'conversations.json', 97);
    expect(out).toHaveLength(1);
    const texts = out[0]!.turns.map((t) => t.text);
    expect(texts.slice(0, 4)).toEqual([
      'hi there',
      'Hello! How can I assist you today?',
      'hi again',
      "Hey! Welcome back. What's on your mind?",
    ]);
    expect(texts[4]).toBe('tell me a joke');
    expect(texts).toHaveLength(6);
    // The abandoned branch (an edited turn) is not there.
    expect(texts.join(' ')).not.toContain('so cool bro');
    expect(texts.join(' ')).not.toContain('tell me a story');
    expect(out[0]!.turns[1]).toMatchObject({ role: 'assistant', model: 'text-davinci-002-render-sha' });
    expect(out[0]!.turns[0]!.at).toBe('2024-05-01T17:37:11.150Z');
    expect(out[0]).toMatchObject({
      site: 'chatgpt',
      url: 'https://chatgpt.com/c/d5dc5307-6807-41a0-8b04-4acee626eeb7',
    });
  });

  it('ChatGPT with browsing and code interpreter: tool calls and tool output are left out', async () => {
    const { out } = await readAll(file('chatgpt-librechat-fixtures/chatgpt-export.json'));
    expect(out).toHaveLength(2);
    for (const c of out) for (const t of c.turns) expect(['user', 'assistant']).toContain(t.role);
    const all = out.flatMap((c) => c.turns.map((t) => t.text)).join('\n');
    expect(all).not.toMatch(/search\(|mclick\(|【\d+†/);
    const code = await readAll(file('chatgpt-realazthat-chatgpt2graph/conversations.json'));
    const text = code.out[0]!.turns.map((t) => t.text).join('\n');
    expect(code.out[0]!.turns.length).toBeGreaterThan(1);
    expect(code.out[0]!.turns.every((t) => t.model === undefined || t.model === 'gpt-4-code-interpreter')).toBe(true);
    expect(text).not.toContain('execution_output');
  });

  it('ChatGPT fragment with a missing parent and current node: read without crashing', async () => {
    const { out, progress } = await readAll(file('chatgpt-librechat-fixtures/chatgpt-citations.json'));
    expect(progress.conversations + progress.skipped).toBeGreaterThan(0);
    for (const c of out) expect(c.turns.every((t) => t.text.length > 0)).toBe(true);
  });

  it('Claude, older export with text only and messages out of order: put in time order', async () => {
    const { out } = await readAll(file('claude-simonw-claude-to-sqlite/artifacts.json'), 'conversations.json', 1000);
    expect(out).toHaveLength(1);
    const times = out[0]!.turns.map((t) => Date.parse(t.at!));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(out[0]!.url).toMatch(/^https:\/\/claude\.ai\/chat\//);
    const one = await readAll(file('claude-simonw-claude-to-sqlite/example.json'));
    expect(one.out[0]!.turns.map((t) => t.role)).toEqual(['user', 'assistant']);
    expect(one.out[0]!.title).toBe('Bash Command for OpenAI API');
  });

  it('Claude web API conversation (one object, words only in content blocks, parent links)', async () => {
    const { out } = await readAll(file('claude-osteele-claude-chat-viewer/claude-bakery-chat.json'), 'x.json', 333);
    expect(out).toHaveLength(1);
    expect(out[0]!.turns).toHaveLength(4);
    expect(out[0]!.turns.every((t) => t.text.length > 0)).toBe(true);
    expect(out[0]!.title).toBe('Interactive Bakery Comparison Visualization');
  });
});

describe.skipIf(!HAVE_SAMPLES)(needsSamples('export files as they are downloaded'), () => {
  it('reads conversations.json out of a ChatGPT export zip, streamed, among other entries', async () => {
    const bytes = zip({
      'chat.html': '<html>…</html>',
      'conversations.json': readFileSync(sample('chatgpt-librechat-fixtures/chatgpt-tree.json')),
      'user.json': '{}',
    });
    const { out, progress } = await readAll(new Blob([bytes as BlobPart]), 'export.zip');
    expect(out.map((c) => c.turns.length)).toEqual([6]);
    expect(progress.done).toBe(progress.total);
  });

  it('reads chats from this extension’s own export saved with history', async () => {
    const doc = {
      format: 'claude-mem.memories',
      version: 1,
      memories: [],
      chats: [
        {
          id: 'kimi:k-9',
          site: 'kimi',
          conversationId: 'k-9',
          url: 'https://www.kimi.com/chat/k-9',
          title: '周末计划',
          turns: [{ role: 'user', text: '周末去杭州爬山', at: '2026-10-01T08:00:00.000Z' }],
          createdAt: '2026-10-01T08:00:00.000Z',
          updatedAt: '2026-10-01T08:00:00.000Z',
        },
      ],
    };
    const { out } = await readAll(new Blob([JSON.stringify(doc)]), 'claude-mem.json', 7);
    expect(out).toEqual([
      expect.objectContaining({
        site: 'kimi',
        conversationId: 'k-9',
        turns: [expect.objectContaining({ text: '周末去杭州爬山' })],
      }),
    ]);
  });

  it('refuses a file that is not JSON before reading conversations', async () => {
    await expect(readAll(new Blob(['hello, world']), 'conversations.json')).rejects.toThrow(/not a JSON/);
  });
});

describe('the element splitter', () => {
  it('cuts elements across pieces, strings with brackets and escaped quotes included', () => {
    const s = new JsonElementSplitter();
    const doc = '[{"a":"x]}\\"{"},{"b":[1,2,{"c":"}"}]}]';
    const out = [...doc].flatMap((ch) => s.push(ch));
    expect(out.map((e) => JSON.parse(e))).toEqual([{ a: 'x]}"{' }, { b: [1, 2, { c: '}' }] }]);
  });

  it('refuses one conversation that grows past 64 MB instead of holding it', () => {
    const s = new JsonElementSplitter();
    s.push('[{"text":"');
    const mb = 'x'.repeat(1 << 20);
    expect(() => {
      for (let i = 0; i < 70; i++) s.push(mb);
    }).toThrow(/larger than 64 MB/);
  });
});
