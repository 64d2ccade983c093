/**
 * Sync across browsers, the core path: one Firefox ESR profile and one Chromium profile share
 * one memory through a CouchDB-compatible server on loopback (no login this time), each set
 * up through its own panel. A memory added on either side arrives on the other, an edit and a
 * deletion travel back, and the server learns no text and no id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryRecord } from '../../lib/memory/types';
import { type CouchServer, startCouchServer } from './harness/couch-server';
import {
  type ChromiumDevice,
  type FirefoxDevice,
  launchChromiumDevice,
  launchFirefoxDevice,
} from './harness/sync-devices';
import {
  chromiumPanel,
  current,
  firefoxPanel,
  type PanelDriver,
  turnOnThroughPanel,
  untilArrived,
  waitForStatus,
} from './harness/sync-flow';

const PASSPHRASE = 'a fox and a chrome kettle';

describe('sync between Firefox and Chromium', () => {
  let server: CouchServer;
  let fox: FirefoxDevice;
  let chrome: ChromiumDevice;
  let F: PanelDriver;
  let C: PanelDriver;
  const secrets = new Set<string>();

  async function add(panel: PanelDriver, content: string): Promise<MemoryRecord> {
    const m = await panel.ask<MemoryRecord>('memories.add', { content, type: 'preference' });
    secrets.add(content).add(m.id);
    return m;
  }

  beforeAll(async () => {
    server = await startCouchServer();
    chrome = await launchChromiumDevice('chrome');
    fox = await launchFirefoxDevice();
    C = chromiumPanel(chrome.panel);
    F = firefoxPanel(fox.panel);
  });

  afterAll(async () => {
    await fox?.close();
    await chrome?.close();
    await server?.close();
  });

  it('both set up through their panels, and what each held before arrives on the other', async () => {
    const fromChrome = await add(C, 'Writes Rust at work and Elixir for fun; tabs, never spaces.');
    const fromFox = await add(F, '喜欢喝不加糖的乌龙茶，下午三点以后不喝咖啡。');
    const address = `${server.url}/across-browsers`;
    await turnOnThroughPanel(C, { address, passphrase: PASSPHRASE, deviceName: 'Chromium desk' });
    await waitForStatus(C, (s) => s.enabled && s.lastSync !== null && s.error === null);
    await turnOnThroughPanel(F, { address, passphrase: PASSPHRASE, deviceName: 'Firefox laptop' });
    await waitForStatus(F, (s) => s.enabled && s.lastSync !== null && s.error === null);

    const onFox = await untilArrived(C, F, (list) => current(list, fromChrome.content).length === 1);
    expect(current(onFox, fromFox.content)).toHaveLength(1);
    const onChrome = await untilArrived(F, C, (list) => current(list, fromFox.content).length === 1);
    expect(onChrome.find((m) => m.content === fromFox.content)?.id).toBe(fromFox.id);
  });

  it('an edit made in Firefox and a deletion made in Chromium travel across', async () => {
    const m = await add(C, 'Runs the Berlin half marathon every April.');
    await untilArrived(C, F, (list) => current(list, m.content).length === 1);
    const edited = 'Runs the Berlin half marathon every April, and the full one in September.';
    secrets.add(edited);
    await F.ask('memories.update', { id: m.id, patch: { content: edited, pinned: true } });
    const onChrome = await untilArrived(F, C, (list) => list.some((x) => x.id === m.id && x.content === edited));
    expect(onChrome.find((x) => x.id === m.id)?.pinned).toBe(true);

    await C.ask('memories.delete', { ids: [m.id] });
    const onFox = await untilArrived(C, F, (list) => !list.some((x) => x.id === m.id));
    expect(current(onFox, edited)).toHaveLength(0);
  });

  it('the server holds no text and no id from either browser', async () => {
    const dump = await server.dump();
    const traffic = server.traffic();
    for (const secret of [...secrets, 'Chromium desk', 'Firefox laptop']) {
      expect(dump.includes(secret), `stored on the server: ${secret}`).toBe(false);
      expect(traffic.includes(secret), `sent to the server: ${secret}`).toBe(false);
    }
  });
});
