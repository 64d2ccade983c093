/**
 * The local privacy filter (DESIGN.md §4). It runs twice: on the transcript before it is sent
 * (matches are redacted) and on the model's memories before they are stored (a memory with a
 * match is dropped). Conservative by default: a false positive costs a memory, a false
 * negative leaks a secret. Pure, so the side panel's live tester can use `redact` on what the
 * user types. Every built-in finder runs in linear time (the run-shaped tokens are scanned in
 * privacy-runs.ts); the user's own patterns run on RE2 (re2js), which matches in linear time
 * whatever the pattern, so no pattern can stall the worker.
 */
import { RE2JS } from 're2js';
import type { PrivacyPattern } from '../settings/schema';
import { foldForMatching } from './fold';
import { findAddressPasswords, findPasswordSentences } from './passwords';
import { findJwts, findMixedRuns, type Span } from './privacy-runs';

export interface PrivacyHit {
  label: string;
  /** Offsets in the original text (UTF-16), for highlighting in the tester. */
  start: number;
  end: number;
}

export interface Redaction {
  text: string;
  hits: PrivacyHit[];
}

type Finder = (text: string) => PrivacyHit[];

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** GB 11643: the 18th character of a resident ID is a mod-11 checksum of the first 17. */
export function isChineseIdNumber(candidate: string): boolean {
  if (!/^\d{17}[\dXx]$/.test(candidate)) return false;
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(candidate[i]), 0);
  return ID_CHECK[sum % 11] === candidate[17]?.toUpperCase();
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function regexFinder(label: string, re: RegExp, accept: (match: string) => boolean = () => true): Finder {
  return (text) => {
    const hits: PrivacyHit[] = [];
    for (const m of text.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`))) {
      if (m[0].length > 0 && accept(m[0])) hits.push({ label, start: m.index, end: m.index + m[0].length });
    }
    return hits;
  };
}

/** Well-known key formats, bearer tokens, JWTs, `key = value` assignments and long random strings. */
const TOKEN_PATTERNS: readonly RegExp[] = [
  /\bsk-(?:ant-)?[A-Za-z0-9_-]{16,}/g,
  /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}|\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\bAIza[0-9A-Za-z_-]{35}\b/g,
  /\bBearer\s+[A-Za-z0-9._~+/=-]{16,}/gi,
  /\b(?:api[_ -]?key|access[_ -]?token|auth[_ -]?token|secret(?:[_ -]?key)?|token)\b\s*[:=]\s*["']?[^\s"'[\]]{8,}["']?/gi,
];

function spanFinder(label: string, find: (text: string) => Span[]): Finder {
  return (text) => find(text).map((s) => ({ label, ...s }));
}

/** Finders run on the folded text (./fold.ts): digits are ASCII there, a space or line break one separator. */
const BUILT_IN: readonly Finder[] = [
  regexFinder('ID number', /(?<![\dA-Za-z])\d(?:[ \n-]?\d){16}[ \n-]?[\dXx](?![\dA-Za-z])/g, (m) =>
    isChineseIdNumber(m.replace(/[ \n-]/g, '')),
  ),
  regexFinder('card number', /(?<![\d-])\d(?:[ \n-]?\d){12,18}(?![\d-])/g, (m) => {
    const digits = m.replace(/[ \n-]/g, '');
    return digits.length >= 13 && digits.length <= 19 && passesLuhn(digits);
  }),
  ...TOKEN_PATTERNS.map((re) => regexFinder('API key or token', re)),
  // JWTs and long runs mixing letters and digits (almost never prose), scanned once per run.
  spanFinder('API key or token', findJwts),
  spanFinder('API key or token', findMixedRuns),
  spanFinder('password in an address', findAddressPasswords),
  // The sentence or line that mentions a password (the label is the one users know).
  spanFinder('password line', findPasswordSentences),
];

const BUILT_IN_LABELS = ['ID number', 'card number', 'API key or token', 'password in an address', 'password line'];

export interface CompiledPatterns {
  finders: Finder[];
  /** User patterns that are not valid regular expressions, with the parser's complaint. */
  invalid: { label: string; error: string }[];
}

/**
 * RE2 runs in time proportional to the text times the pattern's compiled size, so a pattern's
 * size is bounded too: `a{1000}b` (1,000 instructions) took 38 s on a 100,000-character
 * message, the largest pattern allowed here at most about 3 s (bench:privacy).
 */
const MAX_PATTERN_INSTRUCTIONS = 100;

const compiled = new Map<string, RE2JS>();

function instructions(re: RE2JS): number {
  return (re as unknown as { re2Input: { prog: { numInst(): number } } }).re2Input.prog.numInst();
}

/** One user pattern on RE2, case-insensitive; compiled once per pattern text. */
function re2(pattern: string): RE2JS {
  let re = compiled.get(pattern);
  if (!re) {
    re = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
    if (instructions(re) > MAX_PATTERN_INSTRUCTIONS)
      throw new Error(`pattern too complex (${instructions(re)} steps, at most ${MAX_PATTERN_INSTRUCTIONS})`);
    if (compiled.size > 200) compiled.clear();
    compiled.set(pattern, re);
  }
  return re;
}

function re2Finder(label: string, re: RE2JS): Finder {
  return (text) => {
    // The DFA answers "any match?" fast; positions need the slower matcher, only then.
    if (!re.test(text)) return [];
    const hits: PrivacyHit[] = [];
    const m = re.matcher(text);
    while (m.find()) if (m.end() > m.start()) hits.push({ label, start: m.start(), end: m.end() });
    return hits;
  };
}

/**
 * User patterns are regular expressions, matched case-insensitively on RE2: linear time, so
 * lookarounds and back-references (the features that make a pattern exponential) are refused
 * like any invalid pattern, which is reported, not thrown.
 */
export function compilePatterns(patterns: readonly PrivacyPattern[]): CompiledPatterns {
  const finders: Finder[] = [];
  const invalid: CompiledPatterns['invalid'] = [];
  for (const { label, pattern } of patterns) {
    try {
      finders.push(re2Finder(label || 'custom pattern', re2(pattern)));
    } catch (error) {
      invalid.push({ label, error: (error as Error).message });
    }
  }
  return { finders, invalid };
}

/** A redaction this filter wrote: folded out of sight so a second pass leaves it as it is. */
const MARKER = /\[redacted: ([^\]\n]{1,80})\]/g;

function hideMarkers(text: string, labels: ReadonlySet<string>): string {
  return text.replace(MARKER, (whole, label: string) => (labels.has(label) ? '\u0000'.repeat(whole.length) : whole));
}

/**
 * Every finder runs on the folded text, and its spans are mapped back to the original: a secret
 * split by what a reader drops or folds is found whole and redacted whole. The user's patterns
 * also run on the text as written (a pattern may itself name full-width characters).
 */
function findAll(text: string, patterns: readonly PrivacyPattern[]): PrivacyHit[] {
  const user = compilePatterns(patterns).finders;
  const labels = new Set([...BUILT_IN_LABELS, ...patterns.map((p) => p.label || 'custom pattern')]);
  const view = foldForMatching(text);
  const folded = hideMarkers(view.text, labels);
  const hits = [...BUILT_IN, ...user]
    .flatMap((find) => find(folded))
    .map((h) => ({ label: h.label, start: view.startOf(h.start), end: view.endOf(h.end - 1) }));
  if (view.text !== text) hits.push(...user.flatMap((find) => find(hideMarkers(text, labels))));
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  // Overlapping hits merge into one span; the first (leftmost, longest) names it.
  const merged: PrivacyHit[] = [];
  for (const hit of hits) {
    const last = merged.at(-1);
    if (last && hit.start < last.end) last.end = Math.max(last.end, hit.end);
    else merged.push({ ...hit });
  }
  return merged;
}

/** Replaces every sensitive span with `[redacted: <label>]`. */
export function redact(text: string, patterns: readonly PrivacyPattern[] = []): Redaction {
  const hits = findAll(text, patterns);
  let out = '';
  let at = 0;
  for (const hit of hits) {
    out += `${text.slice(at, hit.start)}[redacted: ${hit.label}]`;
    at = hit.end;
  }
  return { text: out + text.slice(at), hits };
}

/** The label of the first sensitive span in `text`, or null: the output-side check. */
export function sensitiveLabel(text: string, patterns: readonly PrivacyPattern[] = []): string | null {
  if (/\[redacted:/i.test(text)) return 'redacted text';
  return findAll(text, patterns)[0]?.label ?? null;
}
