/**
 * Text on its way out of the extension: into a chat page's block, to a desktop tool, to the
 * model in an extraction request. Each exit normalises text (invisible characters dropped, a
 * past chat's turn made one line), and normalising can rebuild a secret the filter did not see
 * whole, so normalising and filtering are one step here and every exit takes one of these two.
 * The filter matches on the text as a reader folds it (./fold.ts), so nothing an exit (or a
 * model) drops or folds afterwards joins a secret back together: one line is made only after
 * the filter has read the line breaks, which tell its sentences apart.
 */
import { stripInvisible } from '../memory/invisible';
import type { PrivacyPattern } from '../settings/schema';
import { type Redaction, redact } from './privacy';

/** Many lines, as a transcript sends them: invisible characters dropped, then filtered. */
export function leavingText(text: string, patterns: readonly PrivacyPattern[]): Redaction {
  return redact(stripInvisible(text).trim(), patterns);
}

/** One line, as the block, an excerpt and a tool's result show text: filtered, then one line. */
export function leavingLine(text: string, patterns: readonly PrivacyPattern[]): string {
  return leavingText(text, patterns).text.replace(/\s+/g, ' ').trim();
}
