/**
 * The browser half of `bench:coldstart`: the built extension in Debian's Chromium with a store
 * of N synthetic memories, its service worker stopped through CDP before each measurement
 * (TOOLCHAIN.md), exactly as Chrome stops an idle worker. Messages are sent from a plain
 * extension page (the manifest viewer), which sends nothing of its own that could wake the
 * worker between a stop and the measurement.
 */
import type { Page } from 'playwright-core';
import { bigStoreFile } from '../../tests/e2e/harness/big-store';
import { type ExtensionBrowser, launchChromium } from '../../tests/e2e/harness/chromium';
import { buildFixtures, homeUrl, serveFixtures } from '../../tests/e2e/harness/sites';

const BLOCK_START = '[claude-mem ·';
const SITE = 'chatgpt';
/** Drafts that the synthetic store answers, in both languages the store holds. */
export const DRAFTS = [
  'How should I continue the Postgres migration?',
  'Any advice for my marathon training this week?',
  '成都的房子现在值得买吗？',
  'Help me plan the trip to Kyoto',
  '周末羽毛球约在哪里比较好',
  'What did I decide about React Native?',
];

const STORE_AT_REST_MS = 8000;
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Timed {
  ms: number;
  ok: boolean;
  block: boolean;
}

export interface Bench {
  ext: ExtensionBrowser;
  page: Page;
  close(): Promise<void>;
}

async function message(page: Page, type: string, payload: unknown): Promise<Timed> {
  return page.evaluate(
    async ([t, p]) => {
      const runtime = (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } })
        .chrome.runtime;
      const t0 = performance.now();
      const r = (await runtime.sendMessage({ type: t, payload: p })) as { ok: boolean; data?: { block?: unknown } };
      return { ms: performance.now() - t0, ok: r?.ok === true, block: typeof r?.data?.block === 'string' };
    },
    [type, payload] as const,
  );
}

async function ask(page: Page, type: string, payload: unknown = {}): Promise<unknown> {
  const r = (await page.evaluate(
    ([t, p]) =>
      (
        globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
      ).chrome.runtime.sendMessage({ type: t, payload: p }),
    [type, payload] as const,
  )) as { ok: boolean; data?: unknown; error?: { message: string } };
  if (!r?.ok) throw new Error(`${type}: ${r?.error?.message ?? 'no reply'}`);
  return r.data;
}

/** A fresh browser profile holding `memories` synthetic memories, the site in auto mode. */
export async function openBench(extensionPath: string, memories: number): Promise<Bench> {
  await buildFixtures([SITE]);
  const ext = await launchChromium({ extensionPath });
  await serveFixtures(ext.context);
  await ext.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(homeUrl(SITE)).origin });
  const page = await ext.context.newPage();
  await page.goto(`chrome-extension://${ext.extensionId}/manifest.json`);
  await ask(page, 'transfer.import', { text: JSON.stringify(bigStoreFile(memories)) });
  const { settings } = (await ask(page, 'settings.get')) as { settings: { sites: Record<string, { mode: string }> } };
  settings.sites[SITE]!.mode = 'auto';
  await ask(page, 'settings.set', { settings });
  // A store at rest, as a user's is between conversations: the worker finishes what the import
  // started (stored terms, the index snapshot) before the first measurement stops it.
  await settle(STORE_AT_REST_MS);
  return { ext, page, close: () => ext.close() };
}

/** One message to a worker that was just stopped: the time until its reply. */
export async function coldCall(b: Bench, type: 'ping' | 'inject.preview', draft: string): Promise<Timed> {
  await b.ext.stopServiceWorker();
  await settle(300);
  const payload = type === 'ping' ? {} : { site: SITE, draft, exclude: [] };
  return message(b.page, type, payload);
}

/** Previews against a warm worker (after a few unmeasured ones), one per draft in turn. */
export async function warmPreviews(b: Bench, n: number): Promise<number[]> {
  for (const draft of DRAFTS) await message(b.page, 'inject.preview', { site: SITE, draft, exclude: [] });
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const draft = DRAFTS[i % DRAFTS.length] as string;
    times.push((await message(b.page, 'inject.preview', { site: SITE, draft, exclude: [] })).ms);
  }
  return times;
}

export interface PasteTry {
  carried: boolean;
  /** When Enter was pressed, ms after the new chat page started loading. */
  sentAfterMs: number;
}

/**
 * The user's view: with the worker asleep, a new chat page opens; `afterMs` later a draft is
 * pasted from the clipboard (a real Ctrl+V) and Enter pressed at once. Did the message that
 * went out carry the memory block?
 */
export async function pasteAndSend(b: Bench, draft: string, afterMs: number): Promise<PasteTry> {
  await b.ext.stopServiceWorker();
  await settle(300);
  const chat = await b.ext.context.newPage();
  const t0 = Date.now();
  try {
    await chat.goto(homeUrl(SITE));
    const composer = '#prompt-textarea';
    await chat.waitForSelector(composer);
    await settle(Math.max(0, t0 + afterMs - Date.now()));
    await chat.evaluate((text) => navigator.clipboard.writeText(text), draft);
    await chat.click(composer);
    await chat.keyboard.press('Control+V');
    const sentAfterMs = Date.now() - t0;
    await chat.keyboard.press('Enter');
    await chat.waitForFunction(() => (window.__sent ?? []).length > 0, undefined, { timeout: 10_000 });
    const text = await chat.evaluate(() => window.__sent[0]?.text ?? '');
    // Chrome stops a worker only after ~30 s idle: let it finish what the message started
    // (hits, the index snapshot) before the next try stops it.
    await settle(STORE_AT_REST_MS);
    return { carried: text.startsWith(BLOCK_START), sentAfterMs };
  } finally {
    await chat.close();
  }
}
