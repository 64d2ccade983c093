/**
 * The part of PouchDB's API that sync uses, typed here: @types/pouchdb-core declares a global
 * `Buffer` that clashes with Node's, so the packages are imported untyped (lib/sync/pouch.ts).
 */
export interface Replication extends PromiseLike<{ docs_written: number; ok: boolean }> {
  cancel(): void;
  on(event: 'change', listener: (info: { docs_written: number }) => void): Replication;
}

export interface ChangeRow {
  id: string;
  seq: number | string;
  deleted?: boolean;
  changes: { rev: string }[];
  doc?: Record<string, unknown> & { _rev: string; _conflicts?: string[]; _deleted?: boolean };
}

export interface AllDocsRow {
  id: string;
  key: string;
  error?: string;
  value?: { rev: string; deleted?: boolean };
  doc?: Record<string, unknown> | null;
}

export interface BulkResult {
  ok?: boolean;
  id?: string;
  rev?: string;
  error?: string;
}

export interface Db {
  readonly name: string;
  info(): Promise<{ doc_count: number; update_seq: number | string }>;
  get(id: string, opts?: { rev?: string }): Promise<Record<string, unknown> & { _rev: string }>;
  put(doc: Record<string, unknown>): Promise<{ ok: boolean; id: string; rev: string }>;
  allDocs(opts: { keys: string[]; include_docs: true }): Promise<{ rows: AllDocsRow[] }>;
  bulkDocs(docs: Record<string, unknown>[]): Promise<BulkResult[]>;
  changes(opts: {
    since: number | string;
    limit: number;
    include_docs: true;
    conflicts: true;
    style: 'all_docs';
  }): Promise<{ results: ChangeRow[]; last_seq: number | string }>;
  destroy(): Promise<unknown>;
  close(): Promise<unknown>;
  replicate: {
    from(remote: Db, opts?: { batch_size?: number; batches_limit?: number; retry?: false }): Replication;
    to(remote: Db, opts?: { batch_size?: number; batches_limit?: number; retry?: false }): Replication;
  };
}
