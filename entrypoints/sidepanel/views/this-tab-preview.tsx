/** This tab → the draft box and what would go into the next message for it. */
import { PastChatExcerpts } from '../../../components/past-chat-excerpts';
import { PreviewList } from '../../../components/preview-list';
import { RequestKeywordsNote } from '../../../components/request-keywords-note';
import { t } from '../../../lib/i18n';
import { DEFAULT_BUDGET_TOKENS } from '../../../lib/settings/schema';
import type { SiteId } from '../../../lib/sites/ids';
import { byId } from '../models/memories';
import { preview } from '../models/preview';
import { saved } from '../models/settings';
import { draft, excludedIds, toggleExcluded, typeDraft } from '../models/this-tab';

export interface ThisTabPreviewProps {
  site: SiteId;
}

export function ThisTabPreview({ site }: ThisTabPreviewProps) {
  const p = preview.value;
  const typed = draft.value.trim() !== '';
  return (
    <>
      <h3>{t('tab.previewTitle')}</h3>
      <label class="field wide">
        <span class="field-label">{t('tab.draft')}</span>
        <textarea
          rows={3}
          value={draft.value}
          placeholder={t('tab.draftPlaceholder')}
          onInput={(e) => typeDraft(e.currentTarget.value)}
        />
      </label>
      {!typed && <p class="muted">{t('tab.previewEmpty')}</p>}
      {typed && p.items.length === 0 && !p.pastChats?.length && <p class="muted">{t('tab.previewNone')}</p>}
      {p.items.length > 0 && (
        <PreviewList
          items={p.items}
          tokens={p.tokens}
          budget={saved.value?.sites[site].budgetTokens ?? DEFAULT_BUDGET_TOKENS}
          onToggle={toggleExcluded}
        />
      )}
      {p.pastChats && p.pastChats.length > 0 && <PastChatExcerpts excerpts={p.pastChats} onRemove={toggleExcluded} />}
      {p.keywords && <RequestKeywordsNote keywords={p.keywords} contentOf={(id) => byId.value.get(id)?.content} />}
      {excludedIds.value.size > 0 && <p class="field-hint">{t('tab.excludeHint')}</p>}
    </>
  );
}
