/**
 * Turns the first zod issue into one line a person can act on, naming the offending path and
 * the value found there: `memories[12].importance: expected 1–5, got 9`. zod/mini ships no
 * message locale, so the wording is ours.
 */
import type * as z from 'zod/mini';

type Issue = z.core.$ZodIssue;

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || '(root)';
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = root;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (!Object.hasOwn(cur, key)) return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…"` : text;
}

function expectation(issue: Issue): string {
  // A message set on the schema (e.g. "expected 1–5") wins over the generic wording.
  if (issue.message && issue.message !== 'Invalid input') return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'invalid_value':
      return `expected ${issue.values.map((v) => JSON.stringify(v)).join(' | ')}`;
    case 'invalid_format':
      return issue.format === 'datetime' ? 'expected a UTC ISO date-time' : `expected ${issue.format}`;
    case 'too_small':
      return issue.origin === 'string'
        ? `expected at least ${issue.minimum} characters`
        : `expected at least ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `expected at most ${issue.maximum} characters`
        : `expected at most ${issue.maximum}`;
    case 'invalid_union':
      return 'expected one of the allowed forms';
    default:
      return 'invalid value';
  }
}

function formatIssue(issue: Issue, input: unknown, prefix: readonly PropertyKey[] = []): string {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'too_big' && issue.origin === 'string') {
    const value = valueAt(input, issue.path);
    const length = typeof value === 'string' ? value.length : 0;
    return `${formatPath(path)}: ${expectation(issue)}, got ${length}`;
  }
  return `${formatPath(path)}: ${expectation(issue)}, got ${describeValue(valueAt(input, issue.path))}`;
}

export function formatFirstIssue(error: z.core.$ZodError, input: unknown, prefix: readonly PropertyKey[] = []): string {
  const first = error.issues[0];
  return first ? formatIssue(first, input, prefix) : 'invalid value';
}
