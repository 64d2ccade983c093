/**
 * This tab → what would go into the next message for the draft: how much (memories and
 * past-chat excerpts, tokens of the budget), each memory with why in a sentence, each excerpt
 * with its own Remove; then the draft box (the page's draft, or one typed here).
 */
import { PastChatExcerpts } from '../../../components/past-chat-excerpts';
import { PreviewList } from '../../../components/preview-list';
import { RequestKeywordsNote } from '../../../components/request-keywords-note';
import { t } from '../../../lib/i18n';
import { number } from '../../../lib/i18n/format';
import { DEFAULT_BUDGET_TOKENS } from '../../../lib/settings/schema';
import type { SiteId } from '../../../lib/sites/ids';
import { byId } from '../models/memories';
import { preview } from '../models/preview';
import { saved } from '../models/settings';
import type { Preview } from '../models/tab-preview';
import { draft, excludedIds, toggleExcluded, typeDraft } from '../models/this-tab';
import { whyChosen, whySentence } from '../models/why-chosen';

export interface ThisTabPreviewProps {
  site: SiteId;
}

/** "1 memory and 2 past-chat excerpts, about 417 of 1,200 tokens". */
function summary(p: Preview, budget: number, off: ReadonlySet<string>): string {
  const memories = p.items.filter((i) => !off.has(i.memory.id)).length;
  const excerpts = p.pastChats?.length ?? 0;
  const vars = { memories, excerpts, tokens: number(p.tokens), budget: number(budget) };
  return t(excerpts > 0 ? 'tab.previewSummaryExcerpts' : 'tab.previewSummary', vars);
}

export function ThisTabPreview({ site }: ThisTabPreviewProps) {
  const p = preview.value;
  const typed = draft.value.trim() !== '';
  const budget = saved.value?.sites[site].budgetTokens ?? DEFAULT_BUDGET_TOKENS;
  // The switch shows the user's choice at once, not after the ranker's next answer.
  const off = excludedIds.value;
  const items = p.items.map((i) => ({
    ...i,
    excluded: off.has(i.memory.id),
    why: whySentence(whyChosen(i.shared, i.memory, i.parts)),
  }));
  const any = p.items.length > 0 || (p.pastChats?.length ?? 0) > 0;
  return (
    <>
      <h3>{t('tab.previewTitle')}</h3>
      {!typed && <p class="muted">{t('tab.previewEmpty')}</p>}
      {typed && !any && <p class="muted">{t('tab.previewNone')}</p>}
      {any && (
        <p class="muted" role="status">
          {summary(p, budget, off)}
        </p>
      )}
      {items.length > 0 && <PreviewList items={items} onToggle={toggleExcluded} />}
      {p.pastChats && p.pastChats.length > 0 && <PastChatExcerpts excerpts={p.pastChats} onRemove={toggleExcluded} />}
      {p.keywords && <RequestKeywordsNote keywords={p.keywords} contentOf={(id) => byId.value.get(id)?.content} />}
      {items.some((i) => i.excluded) && <p class="field-hint">{t('tab.excludeHint')}</p>}
      <label class="field wide">
        <span class="field-label">{t('tab.draft')}</span>
        <textarea
          rows={2}
          value={draft.value}
          placeholder={t('tab.draftPlaceholder')}
          onInput={(e) => typeDraft(e.currentTarget.value)}
        />
      </label>
    </>
  );
}
