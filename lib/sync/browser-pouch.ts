/** The extension's PouchDB: the mirror lives in the extension's IndexedDB. */
import indexeddb from 'pouchdb-adapter-indexeddb/lib/index.es.js';
import { makePouch, type Pouches } from './pouch';

let pouches: Pouches | null = null;

export function browserPouch(): Pouches {
  pouches ??= makePouch(indexeddb, 'indexeddb');
  return pouches;
}
