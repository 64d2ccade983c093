/**
 * `npm run bench:coldstart [-- --runs N --tries N --sizes 1000,10000 --ext DIR --json OUT]`:
 * how long a stopped service worker takes to answer, in real Chromium with the built extension
 * (`npm run build:chrome` first; `--ext` or WXT_OUT_DIR pick another build). Per store size:
 * median cold ping, median cold ranked preview (`inject.preview`), their ratio and the target
 * the product holds itself to, warm preview p95, and how often a message pasted and sent 1.5 s
 * after a new chat page opened (worker asleep) carried its memory block. Plus the bundle sizes
 * a cold start loads. Prints figures, asserts nothing. Run it alone: other load skews it.
 */
import { join } from 'node:path';
import { CHROME_EXT } from '../tests/e2e/harness/paths';
import { bundleSizes } from './lib/bundle';
import { table, writeJson } from './lib/cli';
import { coldCall, DRAFTS, openBench, pasteAndSend, warmPreviews } from './lib/coldstart-browser';
import { percentile } from './lib/metrics';

const PASTE_AFTER_MS = 1500;
const WARM_PREVIEWS = 40;

interface Options {
  runs: number;
  tries: number;
  sizes: number[];
  ext: string;
  json: string | null;
}

function parse(argv: readonly string[]): Options {
  const opts: Options = { runs: 5, tries: 5, sizes: [1_000, 10_000], ext: CHROME_EXT, json: null };
  for (let i = 0; i < argv.length; i++) {
    const [flag, value] = [argv[i], argv[i + 1] ?? ''];
    i++;
    if (flag === '--runs') opts.runs = Math.max(1, Number(value));
    else if (flag === '--tries') opts.tries = Math.max(1, Number(value));
    else if (flag === '--sizes') opts.sizes = value.split(',').map(Number);
    else if (flag === '--ext') opts.ext = value;
    else if (flag === '--json') opts.json = value;
    else throw new Error(`unknown option ${flag}`);
  }
  return opts;
}

const median = (xs: readonly number[]) => percentile(xs, 50);

/** The goal: a cold preview within 2× a cold ping or ping + 300 ms (10k), 1.3× or + 100 ms (smaller). */
function targetMs(size: number, ping: number): number {
  return size >= 10_000 ? Math.max(2 * ping, ping + 300) : Math.max(1.3 * ping, ping + 100);
}

async function measure(size: number, opts: Options) {
  const bench = await openBench(opts.ext, size);
  try {
    const pings: number[] = [];
    const previews: number[] = [];
    let withBlock = 0;
    for (let i = 0; i < opts.runs; i++) {
      pings.push((await coldCall(bench, 'ping', '')).ms);
      const p = await coldCall(bench, 'inject.preview', DRAFTS[i % DRAFTS.length] as string);
      previews.push(p.ms);
      if (p.block) withBlock++;
    }
    const warm = await warmPreviews(bench, WARM_PREVIEWS);
    const tries = [];
    for (let i = 0; i < opts.tries; i++)
      tries.push(await pasteAndSend(bench, DRAFTS[i % DRAFTS.length] as string, PASTE_AFTER_MS));
    const ping = median(pings);
    const preview = median(previews);
    return {
      memories: size,
      coldPingMs: { median: ping, runs: pings },
      coldPreviewMs: { median: preview, runs: previews, withBlock },
      ratio: preview / ping,
      targetMs: targetMs(size, ping),
      met: preview <= targetMs(size, ping),
      warmPreviewMs: { p50: percentile(warm, 50), p95: percentile(warm, 95) },
      paste: {
        afterMs: PASTE_AFTER_MS,
        carried: tries.filter((t) => t.carried).length,
        tries: tries.length,
        detail: tries,
      },
    };
  } finally {
    await bench.close();
  }
}

async function main(): Promise<void> {
  const opts = parse(process.argv.slice(2));
  const bundle = bundleSizes(opts.ext);
  const results = [];
  for (const size of opts.sizes) results.push(await measure(size, opts));
  console.log(
    table(
      ['memories', 'cold ping ms', 'cold preview ms', 'ratio', 'target ms', 'met', 'warm p95 ms', 'paste+send 1.5 s'],
      results.map((r) => [
        r.memories,
        r.coldPingMs.median,
        r.coldPreviewMs.median,
        r.ratio,
        r.targetMs,
        r.met ? 'yes' : 'no',
        r.warmPreviewMs.p95,
        `${r.paste.carried}/${r.paste.tries}`,
      ]),
    ),
  );
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  console.log(
    `background.js ${kb(bundle.background)}; every cold start loads ${kb(bundle.coldStartTotal)} ` +
      `(${Object.entries(bundle.coldStart)
        .map(([f, n]) => `${f} ${kb(n)}`)
        .join(', ')}); content script ${kb(bundle.contentScript)}`,
  );
  console.log(`(medians of ${opts.runs} cold starts per figure; build ${join(opts.ext)})`);
  writeJson(opts.json, { runs: opts.runs, bundle, sizes: results });
}

await main();
