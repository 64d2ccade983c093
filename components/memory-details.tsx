import { useEffect, useState } from 'preact/hooks';
import { t } from '../lib/i18n';
import { dateTime } from '../lib/i18n/format';
import { scopeLabel } from '../lib/i18n/labels';
import type { MemoryRecord } from '../lib/memory/types';
import { sourceUrlOn } from '../lib/sites/urls';
import { MemoryHistory } from './memory-history';

export interface MemoryDetailsProps {
  memory: MemoryRecord;
  /** Older memories this one replaced. */
  replaces: readonly MemoryRecord[];
  /** The newer memory that replaced this one, if it is still stored. */
  replacedBy: MemoryRecord | null;
  /** Saves edited search keywords (already split and trimmed). */
  onSaveKeywords: (keywords: string[]) => void;
}

function splitKeywords(text: string): string[] {
  return text
    .split(/[,，、;；\n]/)
    .map((k) => k.trim())
    .filter(Boolean);
}

/** The memory's search keywords, editable: what makes a request in other words find it. */
function KeywordsField({ memory: m, onSave }: { memory: MemoryRecord; onSave: (k: string[]) => void }) {
  const [text, setText] = useState((m.keywords ?? []).join(', '));
  useEffect(() => setText((m.keywords ?? []).join(', ')), [m.keywords]);
  const id = `keywords-${m.id}`;
  return (
    <form
      class="keywords-field"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(splitKeywords(text));
      }}
    >
      <input
        id={id}
        type="text"
        aria-label={t('mem.keywords')}
        placeholder={t('mem.keywordsHint')}
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
      />
      <button type="submit" class="small" disabled={text === (m.keywords ?? []).join(', ')}>
        {t('mem.keywordsSave')}
      </button>
    </form>
  );
}

/** Where a memory came from and what it replaced or was replaced by. */
export function MemoryDetails({ memory: m, replaces, replacedBy, onSaveKeywords }: MemoryDetailsProps) {
  // A file could carry any URL: only the place the source names is linked.
  const href = m.source ? sourceUrlOn(m.source.site, m.source.url) : '';
  return (
    <dl class="memory-details">
      <dt>{t('mem.source')}</dt>
      <dd>
        {!m.source && t('mem.sourceHand')}
        {m.source && scopeLabel(m.source.site)}
        {href && (
          <>
            {' · '}
            <a href={href} target="_blank" rel="noreferrer noopener">
              {t('mem.openChat')}
            </a>
          </>
        )}
      </dd>
      <dt>{t('mem.created')}</dt>
      <dd>{dateTime(m.createdAt)}</dd>
      <dt>{t('mem.updated')}</dt>
      <dd>{dateTime(m.updatedAt)}</dd>
      <dt>{t('mem.lastUsed')}</dt>
      <dd>{m.lastHitAt ? dateTime(m.lastHitAt) : t('mem.neverUsed')}</dd>
      <dt>{t('mem.keywords')}</dt>
      <dd>
        <KeywordsField memory={m} onSave={onSaveKeywords} />
      </dd>
      {m.tags.length > 0 && (
        <>
          <dt>{t('mem.tags')}</dt>
          <dd>{m.tags.join(' · ')}</dd>
        </>
      )}
      <dt>{t('mem.history')}</dt>
      <dd>
        <MemoryHistory replaces={replaces} supersededBy={m.supersededBy} replacedBy={replacedBy} />
      </dd>
    </dl>
  );
}
