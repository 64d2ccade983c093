/**
 * Request keywords calls: when, the draft's start as it went out, the tokens, the keywords or
 * why none came, and what the call picked of the candidates it was shown.
 */

import { t } from '../lib/i18n';
import { relativeTime } from '../lib/i18n/format';
import { detailLabel } from '../lib/i18n/labels';
import type { JudgedCall, RequestCall } from '../lib/request-keywords/request-call';

export interface RequestCallListProps {
  calls: readonly RequestCall[];
  label: string;
  /** A memory's text as it is now; undefined once deleted. */
  contentOf?: (id: string) => string | undefined;
}

function JudgedLine({ judged, contentOf }: { judged: JudgedCall; contentOf?: (id: string) => string | undefined }) {
  const { offered } = judged;
  if (judged.problem === 'unknown-numbers') return <div class="muted">{t('activity.requestUnknownPicks')}</div>;
  if (judged.memories === null && judged.chats === null)
    return (
      <div class="muted">{t('activity.requestNotJudged', { memories: offered.memories, chats: offered.chats })}</div>
    );
  const picked = judged.memories ?? [];
  const texts = picked.map((id) => contentOf?.(id) ?? t('activity.requestPickedGone'));
  return (
    <>
      {judged.memories !== null && offered.memories > 0 && (
        <div class="request-picks">
          {picked.length === 0
            ? t('activity.requestPickedNone', { offered: offered.memories })
            : `${t('activity.requestPicked', { n: picked.length, offered: offered.memories })} ${texts.join(' · ')}`}
        </div>
      )}
      {judged.chats !== null && offered.chats > 0 && (
        <div class="request-picks">
          {t('activity.requestPickedChats', { n: judged.chats.length, offered: offered.chats })}
          {judged.chats.length > 0 && ` ${judged.chats.map((c) => `“${c.title}”`).join(' · ')}`}
        </div>
      )}
    </>
  );
}

export function RequestCallList({ calls, label, contentOf }: RequestCallListProps) {
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
          {c.judged && <JudgedLine judged={c.judged} contentOf={contentOf} />}
        </li>
      ))}
    </ul>
  );
}
