/**
 * `npm run bench:sync-chats [-- --chats 500 --turns 20]`: chat history through sync, in Node,
 * through the loopback CouchDB-compatible server of the e2e harness over real HTTP. Device A
 * holds N finished chats (half English, half Chinese, ~1,000 characters a message) and pushes
 * them with chat history on; device B, empty, takes its first sync, then indexes the chats
 * itself and searches them. Prints the times, the documents and bytes on the server against
 * the chats' text; asserts nothing. Stores are Dexie on fake-indexeddb (B is the product's
 * store, so its index and search are the product's), mirrors PouchDB's memory adapter.
 */
import 'fake-indexeddb/auto';
import memoryAdapter from 'pouchdb-adapter-memory/lib/index.es.js';
import { db, MemDB } from '../lib/db/db';
import { searchHistory } from '../lib/db/history-search';
import { keepHistoryIndexed } from '../lib/db/history-upkeep';
import { syncStore } from '../lib/db/sync-local';
import type { Chat } from '../lib/memory/types';
import { defaultSettings, type Settings } from '../lib/settings/schema';
import type { SyncKeys } from '../lib/sync/keys';
import { createParams, unlockParams } from '../lib/sync/params';
import { makePouch } from '../lib/sync/pouch';
import type { Db } from '../lib/sync/pouch-types';
import { syncRound } from '../lib/sync-service/round';
import { startCouchServer } from '../tests/e2e/harness/couch-server';
import { table } from './lib/cli';

const PASSPHRASE = 'bench passphrase for chat sync';
const TRAVEL = { siteModes: true, budgets: true, privacy: true, review: true, chats: true };
const EN = 'harbour tide ferry sourdough starter garden piano cycling budget meeting novel kettle'.split(' ');
const ZH = '港口清晨安静学习计划机器天气周末练习潜水教练平衡浅水区'.split('');

function parse(argv: readonly string[]) {
  const opts = { chats: 500, turns: 20 };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], Number(argv[i + 1])];
    if (flag === '--chats') opts.chats = value;
    else if (flag === '--turns') opts.turns = value;
    else throw new Error(`unknown option ${flag}`);
  }
  return opts;
}

function text(seed: number, zh: boolean, chars: number): string {
  let out = '';
  for (let k = 0; out.length < chars; k++) {
    const i = (seed * 31 + k * 17) % (zh ? ZH.length : EN.length);
    out += zh ? ZH[i] : `${EN[i]} `;
  }
  return out.slice(0, chars);
}

function syntheticChat(c: number, turns: number): Chat {
  const zh = c % 2 === 1;
  const at = new Date(Date.UTC(2026, 0, 1) + c * 60_000).toISOString();
  return {
    id: `chatgpt:bench-${c}`,
    site: 'chatgpt',
    conversationId: `bench-${c}`,
    url: `https://chatgpt.com/c/bench-${c}`,
    title: `Chat ${c}`,
    turns: Array.from({ length: turns }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      text: `${c === 7 && i === 0 ? 'walrusmarker ' : ''}${text(c * 100 + i, zh, i % 2 ? 1_500 : 500)}`,
      at,
    })),
    version: 1,
    state: 'finished',
    summary: '',
    extractedVersion: 1,
    createdAt: at,
    updatedAt: at,
    lastActivityAt: at,
  };
}

const pouch = makePouch(memoryAdapter, 'memory');

function device(name: string, keys: SyncKeys, remote: Db, store: MemDB) {
  let settings: Settings = defaultSettings();
  const own = new Set<string>();
  const mirror = pouch.mirror(`bench-chats-mirror-${name}`);
  const local = {
    ...syncStore(store),
    loadSettings: async () => settings,
    saveSettings: async (s: Settings) => {
      settings = s;
    },
  };
  return () =>
    syncRound({ keys, mirror, remote, local, travel: TRAVEL, device: { id: name, name }, announce: false, own });
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const value = await run();
  return [value, performance.now() - t];
}

async function main(): Promise<void> {
  const opts = parse(process.argv.slice(2));
  const server = await startCouchServer();
  const url = server.dbUrl('claude-mem');
  const made = await createParams(PASSPHRASE);
  const remoteA = pouch.remote(url, null, true);
  await remoteA.put(made.doc);
  const storeA = new MemDB('bench-chats-a');
  const chats = Array.from({ length: opts.chats }, (_, c) => syntheticChat(c, opts.turns));
  await storeA.chats.bulkPut(chats);
  const plainChars = chats.reduce((n, c) => n + c.turns.reduce((m, t) => m + t.text.length, 0), 0);
  const plainBytes = chats.reduce((n, c) => n + new TextEncoder().encode(JSON.stringify(c)).length, 0);

  const roundA = device('a', made.keys, remoteA, storeA);
  const rounds: number[] = [];
  let up = 0;
  const [, pushMs] = await timed(async () => {
    // A round stages a bounded amount of chat text (20 M characters); the rest goes in the next.
    for (let more = true; more; ) {
      const out = await roundA();
      rounds.push(out.up);
      up += out.up;
      more = out.chatsPending;
    }
  });
  const keysB = await unlockParams(PASSPHRASE, await pouch.remote(url, null).get('claude-mem-params'));
  const roundB = device('b', keysB, pouch.remote(url, null), db);
  const [pulled, firstMs] = await timed(() => roundB());
  const onB = await db.chats.count();
  const [, indexMs] = await timed(() => keepHistoryIndexed());
  const [hits, searchMs] = await timed(() => searchHistory({ query: 'walrusmarker' }));

  const stored = await server.snapshot();
  const serverBytes = stored.reduce((n, r) => n + JSON.stringify(r.body).length, 0);
  const rows = [
    [
      `first push from A (${opts.chats} chats × ${opts.turns} messages)`,
      `${(pushMs / 1000).toFixed(1)} s`,
      `${up} docs up in ${rounds.length} round(s)`,
    ],
    [
      'first sync to empty B (pull, open, write)',
      `${(firstMs / 1000).toFixed(1)} s`,
      `${pulled.down} docs down, ${onB} chats on B`,
    ],
    ['B indexes them itself', `${(indexMs / 1000).toFixed(1)} s`, `${pulled.chatsWritten.length} chats listed`],
    ['B search for a word of one chat', `${searchMs.toFixed(0)} ms`, `${hits.total} chat found`],
    [
      'server size / chats as JSON (UTF-8)',
      `${(serverBytes / plainBytes).toFixed(2)}×`,
      `${(serverBytes / 1e6).toFixed(1)} MB stored (${stored.length} revisions) for ${(plainBytes / 1e6).toFixed(1)} MB, ${(plainChars / 1e6).toFixed(1)} M characters`,
    ],
  ];
  console.log(table(['figure', 'value', 'note'], rows));
  await server.close();
}

await main();
