/**
 * PouchDB as the extension uses it: the mirror in IndexedDB, the server over HTTP, one-shot
 * replication between them. `makePouch` takes the adapters, so tests and the bench run the
 * same code over the in-memory adapter.
 */

import httpAdapter from 'pouchdb-adapter-http/lib/index.es.js';
import PouchCore from 'pouchdb-core/lib/index.es.js';
import replication from 'pouchdb-replication/lib/index.es.js';
import { gateMirror } from './mirror-gate';
import { fetchWithoutRedirects } from './no-redirects';
import type { Db } from './pouch-types';

interface PouchStatic {
  plugin(plugin: unknown): PouchStatic;
  new (name: string, opts?: Record<string, unknown>): Db;
}

export interface Login {
  username: string;
  password: string;
}

export interface Pouches {
  /** The mirror, behind its gate (mirror-gate.ts); `pullBudget` in bytes. */
  mirror(name: string, pullBudget?: number): Db;
  /** `create`: make the database when it is missing (only the first device's set-up does). */
  remote(url: string, login: Login | null, create?: boolean): Db;
}

let shared: PouchStatic | null = null;
const adapters = new Set<string>();

/** Plugins change PouchDB's one constructor, and replication refuses a second registration. */
export function makePouch(localAdapter: unknown, adapterName: string): Pouches {
  shared ??= (PouchCore as PouchStatic).plugin(httpAdapter).plugin(replication);
  if (!adapters.has(adapterName)) shared.plugin(localAdapter);
  adapters.add(adapterName);
  const Pouch = shared;
  return {
    mirror: (name, pullBudget) =>
      gateMirror(new Pouch(name, { adapter: adapterName, auto_compaction: true }), pullBudget),
    remote: (url, login, create = false) =>
      new Pouch(url, {
        adapter: 'http',
        skip_setup: !create,
        fetch: fetchWithoutRedirects,
        ...(login ? { auth: login } : {}),
      }),
  };
}
