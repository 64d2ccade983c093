/**
 * Names of the errors IndexedDB (and Dexie around it) report, and what each means for the
 * start-up check. Dexie wraps the DOMException (`inner`); the browser may put it in `cause`.
 */

/** Errors that come and go: a busy disk, a transaction aborted by something else, a full disk. */
const TRANSIENT = new Set([
  'UnknownError',
  'AbortError',
  'TimeoutError',
  'TransactionInactiveError',
  'QuotaExceededError',
  'DatabaseClosedError',
]);

/** The store was written by a newer version of the extension: never replace it. */
const NEVER_REBUILD = new Set(['VersionError']);

function rootError(error: unknown): { name: string; message: string } {
  let e = error;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const next = (e as { inner?: unknown; cause?: unknown }).inner ?? (e as { cause?: unknown }).cause;
    if (!next || typeof next !== 'object') break;
    e = next;
  }
  const { name, message } = (e ?? {}) as { name?: unknown; message?: unknown };
  return {
    name: typeof name === 'string' ? name : 'Error',
    message: typeof message === 'string' ? message : String(e),
  };
}

export function describeError(error: unknown): string {
  const { name, message } = rootError(error);
  return `${name}: ${message}`;
}

/** Only a store that fails the same way on every attempt, for a reason that is not passing, may be rebuilt. */
export function mayRebuild(error: unknown): boolean {
  const { name } = rootError(error);
  return !TRANSIENT.has(name) && !NEVER_REBUILD.has(name);
}

export function isQuotaError(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { name, message } = e as { name?: unknown; message?: unknown };
    if (name === 'QuotaExceededError' || (typeof message === 'string' && /quota/i.test(message))) return true;
    e = (e as { inner?: unknown; cause?: unknown }).inner ?? (e as { cause?: unknown }).cause;
  }
  return false;
}
