/**
 * PouchDB in Node for the sync tests, its plugins registered once: `plugin()` changes the one
 * shared constructor, and registering replication a second time throws ("Cannot redefine
 * property: replicate"). The loopback server and Node-side clients both start from this.
 *
 * Loaded through `require` with the few types used here written out: `@types/pouchdb-core`
 * declares a global `interface Buffer extends Uint8Array` that merges into Node's `Buffer` and
 * breaks type checking of every file that uses one (`Buffer<ArrayBufferLike>` is not
 * assignable to `Uint8Array`).
 */
import { createRequire } from 'node:module';

export type Doc = Record<string, unknown> & {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  _conflicts?: string[];
  _revisions?: { start: number; ids: string[] };
};

interface GetOptions {
  rev?: string;
  revs?: boolean;
  conflicts?: boolean;
  attachments?: boolean;
}

interface AllDocsRow {
  id: string;
  value: { rev: string; deleted?: boolean };
  doc?: Doc;
}

interface Replication extends Promise<{ ok: boolean; docs_written: number; docs_read: number }> {
  cancel(): void;
}

export interface PouchDatabase {
  readonly name: string;
  info(): Promise<{ doc_count: number; update_seq: number | string }>;
  get(id: string, opts?: GetOptions): Promise<Doc>;
  get(id: string, opts: GetOptions & { open_revs: 'all' | string[] }): Promise<{ ok?: Doc; missing?: string }[]>;
  put(doc: Doc): Promise<{ id: string; rev: string }>;
  remove(doc: Doc): Promise<{ id: string; rev: string }>;
  bulkDocs(docs: Doc[], opts?: { new_edits?: boolean }): Promise<unknown[]>;
  allDocs(opts?: { include_docs?: boolean; conflicts?: boolean }): Promise<{ total_rows: number; rows: AllDocsRow[] }>;
  changes(opts: { since: number | string; style?: 'all_docs' }): Promise<{ results: { id: string }[] }>;
  putAttachment(id: string, name: string, data: Buffer, type: string): Promise<{ rev: string }>;
  destroy(): Promise<unknown>;
  replicate: {
    to(target: PouchDatabase | string, opts?: Record<string, unknown>): Replication;
    from(source: PouchDatabase | string, opts?: Record<string, unknown>): Replication;
  };
}

export interface PouchStatic {
  new (name: string, opts?: Record<string, unknown>): PouchDatabase;
  defaults(opts: Record<string, unknown>): PouchStatic;
  plugin(plugin: unknown): PouchStatic;
}

const require = createRequire(import.meta.url);
const core = require('pouchdb-core') as PouchStatic;

export const NodePouch: PouchStatic = core
  .plugin(require('pouchdb-adapter-http'))
  .plugin(require('pouchdb-adapter-memory'))
  .plugin(require('pouchdb-mapreduce'))
  .plugin(require('pouchdb-replication'));
