/**
 * The live tester under the privacy patterns: type text, see what the user's own patterns
 * would redact. TODO(lead, after the extraction merge): run `redact(text, patterns)` from
 * lib/memory/privacy.ts here instead, so the built-in rules (ID numbers, cards, keys,
 * passwords) show too; this local version applies only the user's patterns.
 */
import { signal } from '@preact/signals';
import type { PrivacyPattern } from '../../../lib/settings-schema';

export const testerText = signal('');

export interface RedactionPreview {
  output: string;
  /** How many matches each pattern had, by index. */
  hits: number[];
  /** Indexes of patterns that are not valid regular expressions. */
  invalid: number[];
}

export function compilePattern(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, 'giu');
  } catch {
    return null;
  }
}

export function previewRedaction(text: string, patterns: readonly PrivacyPattern[]): RedactionPreview {
  let output = text;
  const hits: number[] = [];
  const invalid: number[] = [];
  patterns.forEach((p, i) => {
    const re = compilePattern(p.pattern);
    if (!re) {
      invalid.push(i);
      hits.push(0);
      return;
    }
    let count = 0;
    output = output.replace(re, (match) => {
      if (match === '') return match;
      count++;
      return `[${p.label || 'redacted'}]`;
    });
    hits.push(count);
  });
  return { output, hits, invalid };
}
