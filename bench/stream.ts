/**
 * `npm run bench:stream [-- --turns 30,300,1000,3000 --open 1000 --updates 600 --ms 5000 --ext DIR]`:
 * what the content script costs a chat page while an answer streams, however long the
 * conversation. In Debian's Chromium with the built extension (`npx wxt build` first), a
 * ChatGPT-shaped page (the chatgpt fixture's markup, bench/lib/stream-page.ts) holding N
 * earlier turns streams one answer in `updates` DOM writes over `ms`. The same page and stream
 * also run on a host the extension does not match, in the same browser, so the two figures sit
 * side by side: page main-thread script and task time (CDP Performance.getMetrics) during the
 * stream, and during the few seconds after it when the finished answer is read and stored. Then
 * the cost of opening a long conversation (load until its capture is stored, plus quiet time).
 * Prints figures, asserts nothing; run it alone, other load skews it.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../tests/e2e/harness/chromium';
import { ask } from '../tests/e2e/harness/extension-calls';
import { CHROME_EXT } from '../tests/e2e/harness/paths';
import { FIXTURES } from '../tests/e2e/harness/sites';
import { table } from './lib/cli';
import { pageScript } from './lib/page-script';

const WITH_HOST = 'https://chatgpt.com';
/** A host no adapter matches: the same page without the extension. */
const WITHOUT_HOST = 'https://bench-no-extension.example';
const AFTER_MS = 3000;
const QUIET_MS = 1500;

interface Options {
  turns: number[];
  open: number;
  updates: number;
  ms: number;
  ext: string;
}

function parse(argv: readonly string[]): Options {
  const opts: Options = { turns: [30, 300, 1000, 3000], open: 1000, updates: 600, ms: 5000, ext: CHROME_EXT };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1] ?? ''];
    if (flag === '--turns') opts.turns = value.split(',').map(Number);
    else if (flag === '--open') opts.open = Number(value);
    else if (flag === '--updates') opts.updates = Number(value);
    else if (flag === '--ms') opts.ms = Number(value);
    else if (flag === '--ext') opts.ext = value;
    else throw new Error(`unknown option ${flag}`);
  }
  return opts;
}

async function serve(context: BrowserContext, script: string): Promise<void> {
  const html = (await import('node:fs')).readFileSync(join(FIXTURES, 'chatgpt/index.html'), 'utf8');
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol !== 'https:') return route.continue();
    if (url.pathname === '/__fixture__/app.js') return route.fulfill({ contentType: 'text/javascript', body: script });
    if (route.request().resourceType() === 'document') {
      return route.fulfill({ contentType: 'text/html; charset=utf-8', body: html });
    }
    return route.abort();
  });
}

interface Metrics {
  script: number;
  task: number;
}

async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics: list } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  const get = (name: string) => (list.find((m) => m.name === name)?.value ?? 0) * 1000;
  return { script: get('ScriptDuration'), task: get('TaskDuration') };
}

const since = (a: Metrics, b: Metrics): Metrics => ({ script: b.script - a.script, task: b.task - a.task });
const quiet = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A page at `host` showing `turns` earlier turns, measured from before its navigation: first an
 * empty page of the same origin (so the measured navigation stays in one renderer), then the chat.
 */
async function openChat(context: BrowserContext, host: string, turns: number) {
  const page = await context.newPage();
  await page.goto(`${host}/`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.waitForFunction(() => !!window.__bench?.ready);
  const start = await metrics(cdp);
  const conversationId = randomUUID();
  await page.goto(`${host}/c/${conversationId}?turns=${turns}`);
  await page.waitForFunction(() => !!window.__bench?.ready);
  return { page, cdp, conversationId, start };
}

interface StoredChat {
  turns: { text: string }[];
}

async function storedTurns(panel: Page, conversationId: string): Promise<number> {
  const chat = await ask<StoredChat | null>(panel, 'chats.get', { id: `chatgpt:${conversationId}` });
  return chat?.turns.length ?? 0;
}

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await quiet(100);
  }
  return false;
}

interface Run {
  open: Metrics;
  stream: Metrics;
  after: Metrics;
  stored: number;
}

async function run(context: BrowserContext, panel: Page, host: string, turns: number, opts: Options): Promise<Run> {
  const { page, cdp, conversationId, start } = await openChat(context, host, turns);
  if (host === WITH_HOST) await until(async () => (await storedTurns(panel, conversationId)) > 0, 60_000);
  await quiet(QUIET_MS);
  const loaded = await metrics(cdp);
  await page.evaluate(([u, ms]) => window.__bench.stream(u, ms), [opts.updates, opts.ms] as const);
  const streamed = await metrics(cdp);
  await quiet(AFTER_MS);
  const after = await metrics(cdp);
  const stored = host === WITH_HOST ? await storedTurns(panel, conversationId) : 0;
  await page.close();
  return { open: since(start, loaded), stream: since(loaded, streamed), after: since(streamed, after), stored };
}

const ms = (n: number) => `${Math.round(n).toLocaleString('en-US')} ms`;
const extra = (a: number, b: number) => `${a - b >= 0 ? '+' : ''}${Math.round(a - b).toLocaleString('en-US')} ms`;

async function main(): Promise<void> {
  const opts = parse(process.argv.slice(2));
  const script = await pageScript('stream-page.ts');
  const ext = await launchChromium({ extensionPath: opts.ext });
  try {
    await serve(ext.context, script);
    const panel = await ext.openSidePanel();
    const rows: string[][] = [];
    const afterRows: string[][] = [];
    for (const turns of opts.turns) {
      const without = await run(ext.context, panel, WITHOUT_HOST, turns, opts);
      const withExt = await run(ext.context, panel, WITH_HOST, turns, opts);
      const n = turns.toLocaleString('en-US');
      rows.push([
        n,
        ms(withExt.stream.script),
        ms(without.stream.script),
        extra(withExt.stream.script, without.stream.script),
        extra(withExt.stream.task, without.stream.task),
      ]);
      afterRows.push([
        n,
        extra(withExt.after.script, without.after.script),
        extra(withExt.after.task, without.after.task),
        String(withExt.stored),
      ]);
      console.error(`${n} earlier turns measured`);
    }
    console.log(`\nDuring the stream (${opts.updates} DOM updates over ${opts.ms / 1000} s), page main thread:\n`);
    console.log(
      table(['earlier turns', 'script with the extension', 'without', 'extra script', 'extra task time'], rows),
    );
    console.log(`\nThe ${AFTER_MS / 1000} s after the stream (the finished answer is read and stored):\n`);
    console.log(table(['earlier turns', 'extra script', 'extra task time', 'turns stored'], afterRows));
    const without = await run(ext.context, panel, WITHOUT_HOST, opts.open, { ...opts, updates: 1 });
    const withExt = await run(ext.context, panel, WITH_HOST, opts.open, { ...opts, updates: 1 });
    console.log(
      `\nOpening a ${opts.open.toLocaleString('en-US')}-turn conversation (load until stored, plus ${QUIET_MS / 1000} s):\n`,
    );
    console.log(
      table(
        ['', 'script', 'task time'],
        [
          ['with the extension', ms(withExt.open.script), ms(withExt.open.task)],
          ['without', ms(without.open.script), ms(without.open.task)],
          ['extra', extra(withExt.open.script, without.open.script), extra(withExt.open.task, without.open.task)],
        ],
      ),
    );
  } finally {
    await ext.close();
  }
}

await main();
