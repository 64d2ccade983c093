/** Request keywords calls: when, the draft's start as it went out, the tokens, and the keywords or why none came. */

import { t } from '../lib/i18n';
import { relativeTime } from '../lib/i18n/format';
import { detailLabel } from '../lib/i18n/labels';
import type { RequestCall } from '../lib/request-keywords/request-call';

export interface RequestCallListProps {
  calls: readonly RequestCall[];
  label: string;
}

export function RequestCallList({ calls, label }: RequestCallListProps) {
  return (
    <ul class="entry-list request-calls" aria-label={label}>
      {calls.map((c) => (
        <li key={c.id} class="entry">
          <div>
            <q>{c.draft}</q> <span class="muted">{relativeTime(c.at)}</span>
          </div>
          <div class="muted">
            {t('activity.requestTokens', { input: c.inputTokens, output: c.outputTokens })}
            {c.redacted > 0 && ` · ${t('activity.requestRedacted', { n: c.redacted })}`}
          </div>
          <div>
            {c.keywords.length > 0
              ? c.keywords.join(' · ')
              : t('activity.requestNone', { why: c.problem ? detailLabel(c.problem) : '—' })}
          </div>
        </li>
      ))}
    </ul>
  );
}
