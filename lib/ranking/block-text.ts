/**
 * A field's text as the block carries it: through the privacy filter's exit
 * (lib/privacy/leaving.ts) and escaped as memory text is (./block.ts). Kept apart from block.ts,
 * which the content script imports and which must stay free of the filter's code.
 */
import { leavingLine } from '../privacy/leaving';
import type { PrivacyPattern } from '../settings/schema';
import { escapeMemoryText } from './block';

export function blockText(text: string, patterns: readonly PrivacyPattern[]): string {
  return escapeMemoryText(leavingLine(text, patterns));
}
