/**
 * PouchDB as the extension uses it: the mirror in IndexedDB, the server over HTTP, one-shot
 * replication between them. `makePouch` takes the adapters, so tests and the bench run the
 * same code over the in-memory adapter.
 */

import httpAdapter from 'pouchdb-adapter-http/lib/index.es.js';
import PouchCore from 'pouchdb-core/lib/index.es.js';
import replication from 'pouchdb-replication/lib/index.es.js';
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
  mirror(name: string): Db;
  remote(url: string, login: Login | null): Db;
}

export function makePouch(localAdapter: unknown, adapterName: string): Pouches {
  const Pouch = (PouchCore as PouchStatic).plugin(localAdapter).plugin(httpAdapter).plugin(replication);
  return {
    mirror: (name) => new Pouch(name, { adapter: adapterName, auto_compaction: true }),
    remote: (url, login) => new Pouch(url, { adapter: 'http', ...(login ? { auth: login } : {}) }),
  };
}
