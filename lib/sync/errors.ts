/** A failed round or set-up in the words the panel shows (lib/i18n strings-sync). */
import { WorkCancelled } from '../work/tracker';
import { MirrorFull } from './mirror-gate';
import { Redirected } from './no-redirects';
import { WrongPassphrase } from './params';
import type { SyncErrorCode } from './schemas';

export interface SyncError {
  code: SyncErrorCode;
  detail: string;
}

export function describeError(error: unknown): SyncError {
  if (error instanceof WrongPassphrase) return { code: 'wrong-passphrase', detail: '' };
  if (error instanceof WorkCancelled) return { code: 'cancelled', detail: '' };
  if (error instanceof MirrorFull) return { code: 'mirror-full', detail: '' };
  // Checked by name: PouchDB copies a failed request's error into its own.
  if ((error as { name?: unknown } | null)?.name === new Redirected().name) return { code: 'redirected', detail: '' };
  const e = (error ?? {}) as { status?: number; name?: string; message?: string; reason?: string };
  const detail = String(e.reason ?? e.message ?? e.name ?? error).slice(0, 300);
  if (e.status === 401 || e.status === 403) return { code: 'unauthorized', detail };
  // Rounds open the database without creating it: 404 is a database removed (or a wrong address).
  if (e.status === 404) return { code: 'no-database', detail };
  // fetch failed: no route, refused, DNS, CORS (the browser hides which).
  if (!e.status || e.name === 'TypeError' || /fetch|network|ECONNREFUSED/i.test(detail))
    return { code: 'offline', detail };
  return { code: 'server', detail: `${e.status} ${detail}` };
}
