/**
 * The server address the user types: the URL of one CouchDB database (or of the server, then
 * the database is `claude-mem`). `https` anywhere, plain `http` only to this computer, the
 * same rule as the model connection (lib/provider/base-url.ts). The host permission is asked
 * for this one origin.
 */
import { baseUrlProblem } from '../provider/base-url';

const DEFAULT_DATABASE = 'claude-mem';
/** CouchDB's rule for database names. */
const DB_NAME = /^[a-z][a-z0-9_$()+/-]{0,237}$/;

export interface SyncAddress {
  /** The database's URL, without credentials or a trailing slash. */
  url: string;
  database: string;
  /** The match pattern of its origin, for `permissions.request`. */
  originPattern: string;
}

export type AddressProblem = 'invalid' | 'not_https' | 'credentials' | 'database';

export function parseAddress(text: string): SyncAddress | AddressProblem {
  const problem = baseUrlProblem(text.trim());
  if (problem) return problem;
  const url = new URL(text.trim());
  if (url.search || url.hash) return 'invalid';
  const path = url.pathname.replace(/\/+$/, '');
  const database = path === '' ? DEFAULT_DATABASE : decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
  if (!DB_NAME.test(database)) return 'database';
  const base = path === '' ? `${url.origin}/${DEFAULT_DATABASE}` : `${url.origin}${path}`;
  return { url: base, database, originPattern: `${url.protocol}//${url.hostname}/*` };
}
