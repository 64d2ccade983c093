/**
 * "Changed since" for undo: a record is as an action left it when everything a person or an
 * extraction changes is equal. Use counters (hits, last hit, feedback) and a chat's activity
 * time move on their own and do not count.
 */
import type { Chat, MemoryRecord } from './types';

/** JSON with keys sorted, so two equal records compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

export function sameMemory(a: MemoryRecord | null, b: MemoryRecord | null): boolean {
  if (!a || !b) return a === b;
  const { hitCount: _h1, lastHitAt: _l1, feedback: _f1, ...x } = a;
  const { hitCount: _h2, lastHitAt: _l2, feedback: _f2, ...y } = b;
  return canonical(x) === canonical(y);
}

export function sameChat(a: Chat | null, b: Chat | null): boolean {
  if (!a || !b) return a === b;
  const { lastActivityAt: _a1, ...x } = a;
  const { lastActivityAt: _a2, ...y } = b;
  return canonical(x) === canonical(y);
}

/** The value at a dotted settings path (`sites.chatgpt.inject`), or undefined. */
export function valueAt(root: unknown, path: string): unknown {
  let at: unknown = root;
  for (const part of path.split('.')) {
    if (!at || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}
