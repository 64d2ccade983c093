/**
 * The live tester under the privacy patterns: type text, see exactly what the extraction
 * filter (lib/privacy/privacy.ts) would redact before anything is sent: the built-in rules (ID
 * numbers, cards, keys, passwords) and the user's own patterns.
 */
import { signal } from '@preact/signals';
import { compilePatterns, redact } from '../../../lib/privacy/privacy';
import type { PrivacyPattern } from '../../../lib/settings/schema';

export const testerText = signal('');

export interface RedactionPreview {
  output: string;
  /** How many spans each user pattern matched, by index. */
  hits: number[];
  /** Indexes of patterns that are not valid regular expressions. */
  invalid: number[];
}

function validRegExp(pattern: string): boolean {
  return compilePatterns([{ label: 'x', pattern }]).invalid.length === 0;
}

export function previewRedaction(text: string, patterns: readonly PrivacyPattern[]): RedactionPreview {
  const invalid = patterns.flatMap((p, i) => (validRegExp(p.pattern) ? [] : [i]));
  const hits = patterns.map((p, i) => {
    if (invalid.includes(i) || !text) return 0;
    return redact(text, [p]).hits.filter((h) => h.label === (p.label || 'custom pattern')).length;
  });
  return { output: redact(text, patterns).text, hits, invalid };
}
