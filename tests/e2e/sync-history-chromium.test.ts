/**
 * Chat history through sync between two Chromium profiles (production build, loopback
 * CouchDB-compatible server behind a login): off by default, nothing of a chat leaves; turned
 * on in Settings → Sync, chats brought in from a ChatGPT export and a chat captured on A arrive
 * on B, where the Chats search finds them (B indexed them itself); the server holds and was
 * sent no chat text, title or conversation id.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Chat } from '../../lib/memory/types';
import { kimiChat, writeChatsInPage } from './harness/chat-records';
import type { CouchServer } from './harness/couch-server';
import { readStore } from './harness/extension-calls';
import { saveSettings, searchChats } from './harness/panel';
import { freshDir } from './harness/paths';
import type { ChromiumDevice } from './harness/sync-devices';
import { type PanelDriver, syncRound, turnOnThroughPanel, waitForStatus } from './harness/sync-flow';
import { withSyncPair } from './harness/sync-pair';

const LOGIN = { user: 'couch-admin', password: 'loopback pw' };
const PASSPHRASE = 'four quiet herons wading';
const DATABASE = 'claude-mem-history-e2e';
const T0 = 1_700_000_000;

/** Every text, title and conversation id of the chats: none may reach the server readable. */
const SECRETS = [
  'cormorant lighthouse keeper',
  'The cormorant dries its wings on the breakwater',
  '我在青岛学潜水',
  '潜水教练说要先练习耳压平衡',
  'Lighthouse rota',
  'conv-cormorant-1',
  'conv-qingdao-2',
  'quokka ferry timetable',
  'kimi-quokka-3',
];

/** A ChatGPT `conversations.json` with two conversations, as a user's export holds them. */
function exportFile(): string {
  const conv = (id: string, title: string, turns: string[]) => {
    const mapping: Record<string, unknown> = { root: { id: 'root', parent: null, children: [], message: null } };
    let parent = 'root';
    for (const [i, text] of turns.entries()) {
      const mid = `${id}-m${i}`;
      mapping[mid] = {
        id: mid,
        parent,
        children: [],
        message: {
          author: { role: i % 2 ? 'assistant' : 'user' },
          create_time: T0 + i * 60,
          content: { content_type: 'text', parts: [text] },
          recipient: 'all',
          metadata: {},
        },
      };
      (mapping[parent] as { children: string[] }).children.push(mid);
      parent = mid;
    }
    return { title, create_time: T0, update_time: T0 + 600, mapping, current_node: parent, conversation_id: id, id };
  };
  const path = join(freshDir('sync-history-export'), 'conversations.json');
  writeFileSync(
    path,
    JSON.stringify([
      conv('conv-cormorant-1', 'Lighthouse rota', [
        'Who is the cormorant lighthouse keeper this week?',
        'The cormorant dries its wings on the breakwater while Ines keeps the light.',
      ]),
      conv('conv-qingdao-2', '潜水计划', [
        '我在青岛学潜水，周末去哪里练习好？',
        '潜水教练说要先练习耳压平衡，再去浅水区。',
      ]),
    ]),
  );
  return path;
}

describe('chat history through sync (two Chromium profiles)', () => {
  let server: CouchServer;
  let a: ChromiumDevice;
  let b: ChromiumDevice;
  let A: PanelDriver;
  let B: PanelDriver;

  const setUp = (panel: PanelDriver, deviceName: string) =>
    turnOnThroughPanel(panel, {
      address: `${server.url}/${DATABASE}`,
      user: LOGIN.user,
      password: LOGIN.password,
      passphrase: PASSPHRASE,
      deviceName,
    });

  const chatHistoryBox = (panel: Page) => panel.getByRole('checkbox', { name: 'Chat history', exact: true });

  const pair = withSyncPair(LOGIN);
  beforeAll(() => {
    ({ server, a, b, A, B } = pair);
  });

  it('off by default: chats brought in and captured on A stay on A', async () => {
    await a.panel.getByRole('tab', { name: 'Chats' }).click();
    await a.panel.getByLabel('Bring in chat history').setInputFiles(exportFile());
    await expect.poll(() => a.panel.getByText(/Brought in 2 new/).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const captured: Chat = {
      ...kimiChat(
        'kimi-quokka-3',
        'Ferries',
        [
          { role: 'user', text: 'Is there a quokka ferry timetable for Rottnest in winter?' },
          { role: 'assistant', text: 'The winter quokka ferry timetable runs three boats a day.' },
        ],
        '2026-11-20T09:00:00.000Z',
      ),
      state: 'finished',
      extractedVersion: 1,
    };
    await a.panel.evaluate(writeChatsInPage, [captured]);

    await setUp(A, 'Laptop');
    await waitForStatus(A, (s) => s.enabled && s.lastSync !== null && s.error === null);
    await A.openSettings();
    expect(await chatHistoryBox(a.panel).isChecked()).toBe(false);
    await setUp(B, 'Desktop');
    await waitForStatus(B, (s) => s.enabled && s.lastSync !== null && s.error === null);
    await B.openSettings();
    await chatHistoryBox(b.panel).check();
    await saveSettings(b.panel);
    await expect.poll(async () => (await B.ask<{ travel: { chats: boolean } }>('sync.status')).travel.chats).toBe(true);
    await syncRound(A);
    await syncRound(B);
    expect(await readStore<Chat>(b.panel, 'chats')).toEqual([]);
  });

  it('turned on at A: the chats arrive on B, and B finds them in Chats search', async () => {
    await chatHistoryBox(a.panel).check();
    await saveSettings(a.panel);
    await expect.poll(async () => (await A.ask<{ travel: { chats: boolean } }>('sync.status')).travel.chats).toBe(true);
    await expect
      .poll(
        async () => {
          await syncRound(A);
          await syncRound(B);
          return (await readStore<Chat>(b.panel, 'chats')).length;
        },
        { timeout: 90_000, interval: 500 },
      )
      .toBe(3);
    const onB = await readStore<Chat>(b.panel, 'chats');
    expect(onB.every((c) => c.state === 'finished')).toBe(true);
    expect(onB.find((c) => c.id === 'chatgpt:conv-cormorant-1')?.origin).toBe('imported');
    expect(onB.find((c) => c.id === 'kimi:kimi-quokka-3')?.origin).toBeUndefined();
    // Never queued on B: the device that captured a chat extracts it.
    expect(await readStore(b.panel, 'jobs')).toEqual([]);

    await b.panel.getByRole('tab', { name: 'Chats' }).click();
    await expect.poll(() => searchChats(b.panel, 'cormorant'), { timeout: 30_000 }).toEqual(['Lighthouse rota']);
    expect(await searchChats(b.panel, '潜水')).toEqual(['潜水计划']);
    expect(await searchChats(b.panel, '"quokka ferry timetable"')).toEqual(['Ferries']);
  });

  it('the server holds no chat text, title or conversation id, in what it stores or was sent', async () => {
    const dump = await server.dump();
    const traffic = server.traffic();
    expect(dump.length).toBeGreaterThan(1000);
    for (const secret of [...SECRETS, '潜水计划', 'Ferries', 'Rottnest']) {
      expect(dump.includes(secret), `stored on the server: ${secret}`).toBe(false);
      expect(traffic.includes(secret), `sent to the server: ${secret}`).toBe(false);
    }
  });
});
