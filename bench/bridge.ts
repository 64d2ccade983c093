/**
 * `npm run bench:bridge` (after `npm run build`): a desktop tool's search_memories round trip
 * with 10,000 memories, from an MCP client of the official SDK through `npm run -s bridge:mcp`,
 * the socket, the native host and the browser's native messaging to the extension and back.
 * Warm: after a few unmeasured calls. Four clients (the product's per-client bound is 60 calls
 * a minute). Then what keeping the port open costs the browser: the service worker's state and
 * the browser's and the host's memory after idling 40 s with the port open, and with it closed.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { bigStoreFile } from '../tests/e2e/harness/big-store';
import { bridgeInstall, callTool, grantNativeMessaging, mcpClient } from '../tests/e2e/harness/bridge';
import { launchChromium } from '../tests/e2e/harness/chromium';
import { sendFrom } from '../tests/e2e/harness/extension-rpc';
import { freshDir } from '../tests/e2e/harness/paths';
import { table } from './lib/cli';
import { median, percentile } from './lib/metrics';

const MEMORIES = 10_000;
const CLIENTS = 4;
const WARM_UP = 5;
const MEASURED = 45;
const IDLE_MS = 40_000;
const QUERIES = [
  'Postgres migration',
  '成都的房子',
  'marathon training plans',
  '预算表',
  'what about the tax return',
  'piano lessons',
];

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(page: Page, state: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const s = await sendFrom<{ state: string }>(page, 'desktopTools.status');
    if (s.state === state) return;
    await settle(200);
  }
  throw new Error(`the bridge never became ${state}`);
}

/** Resident memory (MB) of processes whose command line contains `needle`. */
function rssMb(needle: string): number {
  const out = execFileSync('ps', ['-eo', 'rss=,args='], { encoding: 'utf8' });
  const kb = out
    .split('\n')
    .filter((l) => l.includes(needle) && !l.includes('ps -eo'))
    .reduce((sum, l) => sum + Number.parseInt(l.trim(), 10), 0);
  return kb / 1024;
}

async function workerStatus(page: Page, extensionId: string): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  const status = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', (e: { versions: { scriptURL: string; runningStatus: string }[] }) => {
      const ours = e.versions.find((v) => v.scriptURL.includes(extensionId));
      if (ours) resolve(ours.runningStatus);
    });
    setTimeout(() => resolve('unknown'), 3000);
  });
  await cdp.send('ServiceWorker.enable');
  const s = await status;
  await cdp.detach();
  return s;
}

async function main(): Promise<void> {
  const profile = freshDir('bench-bridge');
  const socketDir = join(freshDir('bench-bridge-run'), 'run');
  bridgeInstall(['--browser', 'chromium', '--user-data-dir', profile]);
  const first = await launchChromium({ userDataDir: profile });
  const seed = await first.context.newPage();
  await seed.goto(`chrome-extension://${first.extensionId}/manifest.json`);
  await sendFrom(seed, 'transfer.import', { text: JSON.stringify(bigStoreFile(MEMORIES)) });
  await first.close();
  grantNativeMessaging(profile, first.extensionId);

  const ext = await launchChromium({ userDataDir: profile, env: { CLAUDE_MEM_BRIDGE_DIR: socketDir } });
  const page = await ext.context.newPage();
  await page.goto(`chrome-extension://${ext.extensionId}/manifest.json`);
  await sendFrom(page, 'desktopTools.set', { enabled: true, allowAdd: false, allowSiteScoped: false });
  await waitFor(page, 'connected');

  const times: number[] = [];
  const slowest: { ms: number; client: number; call: number }[] = [];
  let returned = 0;
  for (let c = 0; c < CLIENTS; c++) {
    const client = await mcpClient(socketDir, `bench-${c}`);
    for (let i = 0; i < WARM_UP + MEASURED; i++) {
      const query = QUERIES[i % QUERIES.length] as string;
      const t0 = performance.now();
      const r = await callTool(client, 'search_memories', { query, limit: 10 });
      const ms = performance.now() - t0;
      if (r.isError) throw new Error(r.text);
      if (i >= WARM_UP) {
        times.push(ms);
        slowest.push({ ms, client: c, call: i });
        returned += r.ids.length;
      }
    }
    await client.close();
  }
  console.log(
    `search_memories round trip, ${MEMORIES.toLocaleString('en')} memories, warm (${times.length} calls, ${CLIENTS} MCP clients):`,
  );
  console.log(
    table(
      ['median ms', 'p95 ms', 'max ms', 'memories per answer'],
      [[median(times), percentile(times, 95), Math.max(...times), returned / times.length]],
    ),
  );
  slowest.sort((a, b) => b.ms - a.ms);
  console.log(
    `slowest: ${slowest
      .slice(0, 5)
      .map((s) => `${s.ms.toFixed(0)} ms (client ${s.client}, call ${s.call})`)
      .join(', ')}`,
  );

  // What keeping the port open costs: idle with it open, then idle with it closed.
  const rows: (string | number)[][] = [];
  for (const open of [true, false]) {
    if (!open) {
      await sendFrom(page, 'desktopTools.set', { enabled: false, allowAdd: false, allowSiteScoped: false });
      await waitFor(page, 'off');
    }
    await settle(IDLE_MS);
    rows.push([
      open ? 'port open' : 'port closed',
      await workerStatus(page, ext.extensionId),
      rssMb(profile),
      rssMb('bridge.cjs host'),
    ]);
  }
  console.log(`\nAfter ${IDLE_MS / 1000} s idle (Chromium stops an idle extension worker after 30 s):`);
  console.log(table(['', 'service worker', 'browser RSS MB', 'host RSS MB'], rows));
  await ext.close();
  bridgeInstall(['uninstall', '--browser', 'chromium', '--user-data-dir', profile]);
}

await main();
