/** express-pouchdb ships no types: only what the loopback server calls. */
declare module 'express-pouchdb' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface ExpressPouchDBOptions {
    mode?: 'fullCouchDB' | 'minimumForPouchDB' | 'custom';
    overrideMode?: { include?: string[]; exclude?: string[] };
    inMemoryConfig?: boolean;
  }
  export default function expressPouchDB(
    PouchDB: unknown,
    opts?: ExpressPouchDBOptions,
  ): (req: IncomingMessage, res: ServerResponse) => void;
}
