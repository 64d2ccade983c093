/**
 * `npm run bench:import-memory [-- --mb 200 --tree DIR ... --only chromium|node]`: peak memory
 * of reading a large chat-history export. A ChatGPT-shaped export zip of about `--mb` MB
 * (bench/lib/export-zip.ts: images, chat.html, conversations.json of synthetic chats) is written
 * once to the system's temp folder, then read by the streaming reader
 * (lib/history/import/read-export.ts) of each source tree: this one, and each `--tree` (another
 * checkout, e.g. the code before a change), so all read the same bytes. Batches are counted and
 * dropped: the store is not what is measured. Two places: Debian's Chromium (the product's
 * figure: the reader bundled into a page, the zip chosen through a file input;
 * bench/lib/import-memory-browser.ts), and a fresh Node process per tree (the file opened as a
 * file-backed Blob). Prints the peak resident set above the idle size (the kernel's own
 * maximum) and the peak JS heap sampled through the read. Asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, openAsBlob, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { table } from './lib/cli';
import { writeChatGptExportZip } from './lib/export-zip';

const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: '200' },
    tree: { type: 'string', multiple: true, default: [] },
    only: { type: 'string' },
    /** Internal: run one measurement in this process (the parent starts it). */
    child: { type: 'string' },
    zip: { type: 'string' },
  },
});

interface Peak {
  tree: string;
  where: 'chromium' | 'node';
  conversations: number;
  seconds: number;
  idleRssMb: number;
  peakRssMb: number;
  peakHeapMb: number;
  peakBuffersMb: number | null;
}

const MB = 1048576;

async function measure(tree: string, zipPath: string): Promise<Peak> {
  const { readExport } = (await import(pathToFileURL(join(tree, 'lib/history/import/read-export.ts')).href)) as {
    readExport: typeof import('../lib/history/import/read-export').readExport;
  };
  (globalThis as { gc?: () => void }).gc?.();
  const idle = process.memoryUsage().rss;
  let heap = 0;
  let buffers = 0;
  const sample = () => {
    const m = process.memoryUsage();
    heap = Math.max(heap, m.heapUsed);
    buffers = Math.max(buffers, m.arrayBuffers);
  };
  const timer = setInterval(sample, 10);
  const started = performance.now();
  const file = await openAsBlob(zipPath);
  const progress = await readExport(file, 'chatgpt-export.zip', async () => {
    sample();
  });
  clearInterval(timer);
  sample();
  return {
    tree,
    where: 'node',
    conversations: progress.conversations,
    seconds: (performance.now() - started) / 1000,
    idleRssMb: idle / MB,
    // ru_maxrss is in kilobytes on Linux.
    peakRssMb: (process.resourceUsage().maxRSS * 1024 - idle) / MB,
    peakHeapMb: heap / MB,
    peakBuffersMb: buffers / MB,
  };
}

function exportZip(mb: number): string {
  const dir = join(tmpdir(), 'claude-mem-import-memory');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `chatgpt-export-${mb}mb.zip`);
  if (!existsSync(path)) {
    console.log(`writing ${path} …`);
    const f = writeChatGptExportZip(`${path}.part`, mb);
    execFileSync('mv', [`${path}.part`, path]);
    console.log(
      `  ${(f.zipBytes / MB).toFixed(0)} MB zip; conversations.json ${(f.conversationsBytes / MB).toFixed(0)} MB (${(f.conversationsCompressed / MB).toFixed(0)} MB deflated)`,
    );
  }
  return path;
}

function inFreshProcess(tree: string, zipPath: string): Peak {
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'bench/import-memory.ts', '--child', tree, '--zip', zipPath],
    { cwd: resolve(import.meta.dirname, '..'), encoding: 'utf8', maxBuffer: 16 * MB },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as Peak;
}

if (values.child && values.zip) {
  console.log(JSON.stringify(await measure(resolve(values.child), values.zip)));
} else {
  const mb = Number(values.mb);
  const zipPath = exportZip(mb);
  console.log(`export: ${zipPath} (${(statSync(zipPath).size / MB).toFixed(0)} MB)`);
  const trees = [resolve(import.meta.dirname, '..'), ...values.tree.map((t) => resolve(t))];
  // Loaded here only: the measuring child stays free of esbuild and playwright.
  const { measureInChromium } = await import('./lib/import-memory-browser');
  const peaks: Peak[] = [];
  for (const tree of trees) {
    if (values.only !== 'node') {
      peaks.push({ tree, where: 'chromium', ...(await measureInChromium(tree, zipPath)), peakBuffersMb: null });
    }
    if (values.only !== 'chromium') peaks.push(inFreshProcess(tree, zipPath));
  }
  const f = (v: number | null) => (v === null ? '—' : `${v.toFixed(0)} MB`);
  console.log(
    table(
      [
        'tree',
        'where',
        'conversations',
        'time',
        'idle RSS',
        'peak RSS above idle',
        'peak JS heap',
        'peak ArrayBuffers',
      ],
      peaks.map((p) => [
        p.tree,
        p.where,
        String(p.conversations),
        `${p.seconds.toFixed(1)} s`,
        f(p.idleRssMb),
        f(p.peakRssMb),
        f(p.peakHeapMb),
        f(p.peakBuffersMb),
      ]),
    ),
  );
}
