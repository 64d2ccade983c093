/**
 * The service worker stopped at random moments, in real Chromium: during
 * extraction of several chats and during a large import. Afterwards no memory is lost, none
 * is duplicated, and the queue is consistent. Figures are printed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_VERSION } from '../../lib/settings/schema';
import { FakeAnthropicApi, toolUseMessage } from '../fake-api/server';
import { kimiChat, typedHere, writeTypedChatsInPage } from './harness/chat-records';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { sendAndForget, sendFrom } from './harness/extension-rpc';

const KEY = 'sk-ant-api03-FAULTS-0123456789abcdefghijklmnopqrstuvwxyz';
const AT = '2026-11-01T08:00:00.000Z';
const CHATS = 6;
const figures = {
  stopsDuringExtraction: 0,
  stopsDuringImport: 0,
  importsCutOff: 0,
  lost: 0,
  duplicated: 0,
  inconsistentJobs: 0,
};

/** A small deterministic generator, so a failing run can be replayed. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function chat(i: number) {
  return kimiChat(
    `fault-${i}`,
    `Fault ${i}`,
    [
      { role: 'user', text: `Marker chat-${i}. I keep bees number ${i} and my locker code word is orchid-${i}.` },
      { role: 'assistant', text: 'Noted.' },
    ],
    AT,
  );
}

const expected = (i: number) => [`Keeps bee hive number ${i}`, `Favourite flower for chat ${i} is the orchid`];

interface Exported {
  memories: { content: string; id: string }[];
}

async function exportedContents(panel: Parameters<typeof sendFrom>[0]): Promise<string[]> {
  const { text } = await sendFrom<{ text: string }>(panel, 'transfer.export');
  return (JSON.parse(text) as Exported).memories.map((m) => m.content);
}

describe('service worker stopped at random moments (Chromium)', () => {
  const api = new FakeAnthropicApi();
  let ext: ExtensionBrowser;
  beforeAll(async () => {
    await api.start();
    ext = await launchChromium();
  });
  afterAll(async () => {
    console.info(
      `sw faults: ${figures.stopsDuringExtraction} stops during extraction, ${figures.stopsDuringImport} during import (${figures.importsCutOff} cut the import off); ` +
        `memories lost ${figures.lost}, duplicated ${figures.duplicated}, inconsistent jobs ${figures.inconsistentJobs}`,
    );
    await ext?.close();
    await api.stop();
  });

  it('extraction: every chat extracted once, no memory lost or doubled', async () => {
    const random = prng(20261130);
    api.respondWith((req) => {
      const i = Number(/Marker chat-(\d+)/.exec(req.rawBody)?.[1] ?? -1);
      const memories = expected(i).map((content) => ({ op: 'add', content, type: 'fact', importance: 3 }));
      return {
        body: toolUseMessage('save_memories', { summary: `chat ${i}`, memories }),
        delayMs: 200 + random() * 2500,
      };
    });
    const panel = await ext.openSidePanel();
    await sendFrom(panel, 'settings.set', { settings: { version: SETTINGS_VERSION, baseUrl: api.url }, apiKey: KEY });
    const chats = Array.from({ length: CHATS }, (_, i) => chat(i));
    await sendFrom(panel, 'queue.list');
    await panel.evaluate(writeTypedChatsInPage, await typedHere(chats));
    for (const c of chats) await sendFrom(panel, 'queue.extractNow', { chatId: c.id });

    for (let stop = 0; stop < 5; stop++) {
      await sleep(300 + random() * 1700);
      await ext.stopServiceWorker();
      figures.stopsDuringExtraction++;
      await sendFrom(panel, 'ping');
    }
    await expect
      .poll(
        async () => {
          const { jobs } = await sendFrom<{ jobs: { state: string }[] }>(panel, 'queue.list');
          return jobs.filter((j) => j.state === 'done').length;
        },
        { timeout: 150_000, interval: 1000 },
      )
      .toBe(CHATS);

    const contents = await exportedContents(panel);
    for (let i = 0; i < CHATS; i++) {
      for (const want of expected(i)) {
        const n = contents.filter((c) => c === want).length;
        if (n === 0) figures.lost++;
        if (n > 1) figures.duplicated += n - 1;
        expect(n).toBe(1);
      }
    }
    const { jobs } = await sendFrom<{ jobs: { state: string; chatId: string }[] }>(panel, 'queue.list');
    const perChat = new Map<string, number>();
    for (const j of jobs) perChat.set(j.chatId, (perChat.get(j.chatId) ?? 0) + 1);
    const inconsistent =
      [...perChat.values()].filter((n) => n !== 1).length + jobs.filter((j) => j.state !== 'done').length;
    figures.inconsistentJobs += inconsistent;
    expect(inconsistent).toBe(0);
  });

  it('import: all or nothing when the worker dies mid-import, and a retry adds each memory once', async () => {
    const random = prng(7);
    const panel = await ext.openSidePanel();
    for (let round = 0; round < 3; round++) {
      const before = await exportedContents(panel);
      const memories = Array.from({ length: 3000 }, (_, i) => ({
        content: `Round ${round} imported fact ${i}: ¥${(i * 1000).toLocaleString('en-US')}.00 预算 ${i}`,
        type: 'fact',
      }));
      const text = JSON.stringify({ format: 'claude-mem.memories', version: 1, memories });
      await sendAndForget(panel, 'transfer.import', { text });
      await sleep(random() * 400);
      await ext.stopServiceWorker();
      figures.stopsDuringImport++;
      await sendFrom(panel, 'ping');

      const mid = await exportedContents(panel);
      const added = mid.length - before.length;
      // One transaction: either none of the file or all of it, never a part.
      expect([0, 3000]).toContain(added);
      if (added === 0) figures.importsCutOff++;

      const report = await sendFrom<{ added: number; skipped: number }>(panel, 'transfer.import', { text });
      expect(report.added + report.skipped).toBe(3000);
      const after = await exportedContents(panel);
      const mine = after.filter((c) => c.startsWith(`Round ${round} `));
      if (mine.length < 3000) figures.lost += 3000 - mine.length;
      if (new Set(mine).size !== mine.length) figures.duplicated += mine.length - new Set(mine).size;
      expect(new Set(mine).size).toBe(3000);
      expect(mine).toHaveLength(3000);
      for (const c of before) expect(after).toContain(c);
    }
  });
});
