/**
 * The set-up every two-profile sync test shares: a loopback CouchDB-compatible server behind a
 * login and two Chromium profiles with their panels, started before a describe block's tests
 * and closed after them. The fields are filled when its beforeAll has run.
 */
import { afterAll, beforeAll } from 'vitest';
import { type CouchServer, startCouchServer } from './couch-server';
import { type ChromiumDevice, launchChromiumPair } from './sync-devices';
import { chromiumPanel, type PanelDriver } from './sync-flow';

export interface SyncPair {
  server: CouchServer;
  a: ChromiumDevice;
  b: ChromiumDevice;
  A: PanelDriver;
  B: PanelDriver;
}

export function withSyncPair(login: { user: string; password: string }): SyncPair {
  const pair = {} as SyncPair;
  beforeAll(async () => {
    pair.server = await startCouchServer({ credentials: login });
    [pair.a, pair.b] = await launchChromiumPair();
    pair.A = chromiumPanel(pair.a.panel);
    pair.B = chromiumPanel(pair.b.panel);
  });
  afterAll(async () => {
    await pair.a?.close();
    await pair.b?.close();
    await pair.server?.close();
  });
  return pair;
}
