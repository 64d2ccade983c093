/**
 * PouchDB's `scopeEval` turns a string into code with the Function constructor; PouchDB calls
 * it only for filters and views written as strings (design documents), which sync never uses.
 * A function that compiles text could run code a server sent, so the bundle must not carry it:
 * the stores refuse remote code, MV3's CSP forbids it, and addons-linter flags it. This build
 * step swaps its body for a refusal, and fails the build if the function's shape changes with
 * an upgrade (then look again, rather than shipping it unseen).
 */
import type { Plugin } from 'vite';

const SCOPE_EVAL =
  /function scopeEval\(source, scope\) \{[\s\S]*?Function\.apply\(null, keys\)\.apply\(null, values\);\n\}/;
const POUCH_UTILS = /[\\/]pouchdb-utils[\\/]lib[\\/]index[^\\/]*\.js$/;

export function noStringCode(): Plugin {
  return {
    name: 'claude-mem:no-string-code',
    enforce: 'pre',
    transform(code, id) {
      if (!POUCH_UTILS.test(id) || !code.includes('function scopeEval')) return null;
      if (!SCOPE_EVAL.test(code)) throw new Error(`${id}: scopeEval changed shape; check it before bundling`);
      return code.replace(
        SCOPE_EVAL,
        "function scopeEval() {\n  throw new Error('claude-mem runs no code from strings (filters and views must be functions)');\n}",
      );
    },
  };
}
