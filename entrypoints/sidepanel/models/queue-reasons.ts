/**
 * A failed extraction's last error, in words a person can act on. The raw text stays visible
 * under it for anyone who wants the detail.
 */
import type { StringKey } from '../../../lib/i18n';

const RULES: readonly [RegExp, StringKey][] = [
  [/no api key|api key (is )?(missing|not set)|missing.*key/i, 'reason.noKey'],
  [/\b401\b|invalid.*(x-api-key|api key)|authentication/i, 'reason.badKey'],
  [/\b403\b|permission|forbidden/i, 'reason.forbidden'],
  [/\b404\b|not[_ ]found|model.*(does not exist|unknown)/i, 'reason.notFound'],
  [/\b429\b|rate.?limit/i, 'reason.rateLimited'],
  [/\b529\b|overloaded/i, 'reason.overloaded'],
  [/daily (token )?cap|token cap|budget/i, 'reason.cap'],
  [/\b5\d\d\b|internal server|server error/i, 'reason.server'],
  [/network|fetch|timed? ?out|timeout|connection|ECONN|ENOTFOUND|offline/i, 'reason.network'],
  [/schema|zod|invalid (answer|output|json)|tool|parse/i, 'reason.badAnswer'],
];

export function plainReason(error: string | null): StringKey {
  if (!error) return 'reason.unknown';
  for (const [re, key] of RULES) if (re.test(error)) return key;
  return 'reason.other';
}
