/** Desktop tools' calls: which client, what it did, the query, how many memories went out or why it was refused. */
import type { ToolCall } from '../lib/bridge/tool-call';
import { t } from '../lib/i18n';
import { relativeTime } from '../lib/i18n/format';

export interface ToolCallListProps {
  calls: readonly ToolCall[];
  label: string;
  /** Memory text by id, to show what went out; a deleted memory shows its id. */
  contentOf?: (id: string) => string | undefined;
}

export function ToolCallList({ calls, label, contentOf }: ToolCallListProps) {
  return (
    <ul class="entry-list tool-calls" aria-label={label}>
      {calls.map((c) => (
        <li key={c.id} class="entry">
          <div>
            <strong>{c.client}</strong> {t(`bridge.tool.${c.tool}`)}
            {c.query && <q>{c.query}</q>}
            {c.chars !== undefined && <span class="muted">{t('bridge.textKeptOut', { n: c.chars })}</span>}{' '}
            {c.space && <span>{t('bridge.inSpace', { space: c.space })}</span>}{' '}
            <span class="muted">{relativeTime(c.at)}</span>
          </div>
          <div class="muted">
            {c.refused ? t('bridge.refused', { why: c.refused }) : t('bridge.out', { n: c.memoryIds.length })}
          </div>
          {contentOf && c.memoryIds.length > 0 && (
            <ul class="tool-call-memories">
              {c.memoryIds.map((id) => (
                <li key={id}>{contentOf(id) ?? id}</li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
