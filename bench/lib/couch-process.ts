/**
 * The e2e harness's loopback CouchDB-compatible server in a process of its own, for bench:sync:
 * a real server runs elsewhere, so its work should neither count as the devices' CPU time nor
 * queue behind them on one thread. Started with `startCouchProcess()`; the child answers
 * `snapshot` (bytes and revisions stored) and `close` over IPC.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

type Reply = { url: string } | { bytes: number; revisions: number; cpuMs: number } | { closed: true };

export interface CouchProcess {
  dbUrl(name: string): string;
  /** What the server stores (every revision's body as JSON) and the CPU time it spent so far. */
  snapshot(): Promise<{ bytes: number; revisions: number; cpuMs: number }>;
  close(): Promise<void>;
}

export async function startCouchProcess(): Promise<CouchProcess> {
  const child = fork(fileURLToPath(import.meta.url), ['--child'], { execArgv: ['--import', 'tsx'] });
  const next = () => new Promise<Reply>((resolve) => child.once('message', (m) => resolve(m as Reply)));
  const { url } = (await next()) as { url: string };
  return {
    dbUrl: (name) => `${url}/${encodeURIComponent(name)}`,
    snapshot: async () => {
      const reply = next();
      child.send('snapshot');
      return (await reply) as { bytes: number; revisions: number; cpuMs: number };
    },
    close: async () => {
      const reply = next();
      child.send('close');
      await reply;
    },
  };
}

async function serve(): Promise<void> {
  const { startCouchServer } = await import('../../tests/e2e/harness/couch-server');
  const server = await startCouchServer();
  process.on('message', async (m) => {
    if (m === 'snapshot') {
      const stored = await server.snapshot();
      const bytes = stored.reduce((n, r) => n + JSON.stringify(r.body).length, 0);
      const c = process.cpuUsage();
      process.send?.({ bytes, revisions: stored.length, cpuMs: (c.user + c.system) / 1000 });
    } else if (m === 'close') {
      await server.close();
      process.send?.({ closed: true });
      process.disconnect();
    }
  });
  process.send?.({ url: server.url });
}

if (process.argv.includes('--child')) await serve();
