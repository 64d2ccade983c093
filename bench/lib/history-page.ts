/**
 * The Chromium half of `bench:history`: bundled with esbuild from the same lib/history and
 * Dexie code as the extension and run in a page, so the figures are the browser's real
 * IndexedDB, not fake-indexeddb. The driver (bench/history.ts) calls `__historyBench.run(N)`.
 */
import { type HeapProbe, type HistoryFigures, runHistoryBench } from './history-run';

declare global {
  interface Window {
    __historyBench: { run(chats: number): Promise<HistoryFigures>; log: string[] };
    /** Set by the driver: a full collection then the heap used, through the DevTools protocol. */
    __heapUsed?: () => Promise<number>;
  }
}

const log: string[] = [];
const heap: HeapProbe = () => (window.__heapUsed ? window.__heapUsed() : Promise.resolve(0));

window.__historyBench = {
  log,
  run: (chats) =>
    runHistoryBench(
      chats,
      (line) => {
        log.push(line);
        console.log(line);
      },
      heap,
    ),
};
